package org.drtstudio.cli;

import org.drtstudio.farm.FarmException;
import org.drtstudio.farm.FarmJob;
import org.drtstudio.farm.FarmJobFile;
import org.drtstudio.farm.FrameRange;
import org.drtstudio.farm.OutputSet;
import org.drtstudio.farm.Sidecar;
import org.drtstudio.io.support.IoReason;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code drt farm task JOBFILE INDEX}, what a farm job's array task runs: renders the task's frames
 * or tile with {@code drt render} itself (same options, same seeds) and seals each picture with its
 * checksummed sidecar; pictures already complete are skipped, so a retried task redoes only what
 * it had not finished.
 */
@Command(name = "task", hidden = true, description = "Render one task of a farm job (run by the job's batch script).")
final class FarmTaskCommand implements Callable<Integer> {
    private final RendererFactory renderers;

    @Parameters(index = "0", paramLabel = "JOBFILE")
    Path jobFile;
    @Parameters(index = "1", paramLabel = "INDEX")
    int index;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    FarmTaskCommand(RendererFactory renderers) {
        this.renderers = renderers;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr(), out = spec.commandLine().getOut();
        try {
            FarmJob job = FarmJobFile.read(jobFile);
            if (index < 0 || index >= job.taskCount()) {
                throw new FarmException("task " + index + " does not exist: the job has tasks 0 to " + (job.taskCount() - 1));
            }
            if (job.kind() == FarmJob.Kind.FRAMES) {
                FrameRange r = job.framesOf(index);
                for (int f = r.first(); f <= r.last(); f++) {
                    int code = render(job, job.frameOutputs(f), "frame " + f, List.of("--frames", f + "-" + f, "-o", job.output().toString()), out, err);
                    if (code != 0) return code;
                }
            } else {
                OutputSet tile = job.tileOutputs(index);
                return render(job, tile, "tile " + index, List.of("--region", job.tileWindow(index).toString(), "-o", tile.picture().toString()), out, err);
            }
            return 0;
        } catch (FarmException e) {
            err.println("drt farm: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("drt farm: cannot write a sidecar: " + IoReason.of(e));
            return 1;
        }
    }

    private int render(FarmJob job, OutputSet outputs, String what, List<String> placement, PrintWriter out, PrintWriter err)
            throws IOException {
        if (Sidecar.complete(outputs, job.signature())) {
            out.println("drt farm: " + what + " is complete (" + outputs.picture().getFileName() + "), skipped");
            return 0;
        }
        List<String> args = new ArrayList<>(List.of("render", job.scene().toString()));
        args.addAll(job.renderOptions());
        args.addAll(placement);
        CommandLine drt = DrtCommand.create(renderers);
        drt.setOut(out);
        drt.setErr(err);
        int code = drt.execute(args.toArray(String[]::new));
        if (code != 0) {
            err.println("drt farm: " + what + " failed (drt render exit status " + code + ")");
            return code;
        }
        Sidecar.write(outputs, job.signature());
        return 0;
    }
}
