package org.drtstudio.cli;

import org.drtstudio.farm.FarmException;
import org.drtstudio.farm.FarmJob;
import org.drtstudio.farm.FarmJobFile;
import org.drtstudio.farm.TileMerger;
import org.drtstudio.io.support.IoReason;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code drt farm merge JOBFILE}, what a tiles job's merge job runs: the tiles into the still and its AOVs. */
@Command(name = "merge", hidden = true, description = "Merge a farm job's tiles into the still (run by the job's merge script).")
final class FarmMergeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "JOBFILE")
    Path jobFile;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            FarmJob job = FarmJobFile.read(jobFile);
            long t0 = System.nanoTime();
            TileMerger.Times times = TileMerger.merge(job);
            err.printf("drt farm: merged %d tiles into %s (%dx%d, %d files) in %.2f s: tiles checked in %.2f s, "
                            + "read and placed in %.2f s, encoded and written in %.2f s%n", job.taskCount(), job.output(),
                    job.width(), job.height(), job.stillOutputs().files().size(), (System.nanoTime() - t0) / 1e9,
                    times.checkSeconds(), times.assembleSeconds(), times.writeSeconds());
            return 0;
        } catch (FarmException e) {
            err.println("drt farm: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("drt farm: cannot merge: " + IoReason.of(e));
            return 1;
        } catch (OutOfMemoryError e) {
            return OutOfMemory.report(err); // the one line of every command (the merge job's memory: --sbatch-arg=--mem=…)
        }
    }
}
