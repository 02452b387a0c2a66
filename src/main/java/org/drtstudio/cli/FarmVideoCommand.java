package org.drtstudio.cli;

import org.drtstudio.farm.FarmException;
import org.drtstudio.farm.FarmJobFile;
import org.drtstudio.farm.VideoAssembler;
import org.drtstudio.io.support.IoReason;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code drt farm video JOBFILE}, what a frames job's video job runs: ffmpeg over the frames. */
@Command(name = "video", hidden = true, description = "Assemble a farm job's frames into its video (run by the job's video script).")
final class FarmVideoCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "JOBFILE")
    Path jobFile;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            VideoAssembler.assemble(FarmJobFile.read(jobFile));
            return 0;
        } catch (FarmException e) {
            err.println("drt farm: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("drt farm: cannot write the video: " + IoReason.of(e));
            return 1;
        }
    }
}
