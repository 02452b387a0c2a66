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
                // Runs of consecutive incomplete frames each go to one drt render --frames, which builds a
                // static scene's geometry image (and makes its GL context) once for the run.
                int f = r.first();
                while (f <= r.last()) {
                    if (Sidecar.complete(job.frameOutputs(f), job.signature())) {
                        out.println("drt farm: frame " + f + " is complete (" + job.frameOutputs(f).picture().getFileName() + "), skipped");
                        f++;
                        continue;
                    }
                    int end = f;
                    while (end + 1 <= r.last() && !Sidecar.complete(job.frameOutputs(end + 1), job.signature())) end++;
                    List<OutputSet> run = new ArrayList<>();
                    for (int g = f; g <= end; g++) run.add(job.frameOutputs(g));
                    int code = render(job, run, f == end ? "frame " + f : "frames " + f + "-" + end,
                            List.of("--frames", f + "-" + end, "-o", job.output().toString()), out, err);
                    if (code != 0) return code;
                    f = end + 1;
                }
            } else {
                OutputSet tile = job.tileOutputs(index);
                if (Sidecar.complete(tile, job.signature())) {
                    out.println("drt farm: tile " + index + " is complete (" + tile.picture().getFileName() + "), skipped");
                    return 0;
                }
                return render(job, List.of(tile), "tile " + index,
                        List.of("--region", job.tileWindow(index).toString(), "-o", tile.picture().toString()), out, err);
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

    /**
     * Runs drt render and seals each picture with its sidecar the moment it is written — so also when
     * the render fails or is killed later in the run: a picture and its AOVs are written all or none,
     * so one that was written is whole, and a retry renders only the frames after it.
     */
    private int render(FarmJob job, List<OutputSet> outputs, String what, List<String> placement, PrintWriter out, PrintWriter err)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("render", job.scene().toString()));
        args.addAll(job.renderOptions());
        args.addAll(placement);
        CommandLine drt = DrtCommand.create(renderers);
        drt.setOut(out);
        drt.setErr(err);
        // Each picture is sealed as soon as it is written, so a task killed later in its run keeps it.
        IOException[] sealing = new IOException[1];
        RenderCommand render = drt.getSubcommands().get("render").getCommand();
        render.written = picture -> {
            for (OutputSet o : outputs) {
                if (!o.picture().equals(picture.toAbsolutePath().normalize())) continue;
                try {
                    Sidecar.write(o, job.signature());
                } catch (IOException e) {
                    if (sealing[0] == null) sealing[0] = e;
                }
            }
        };
        int code = drt.execute(args.toArray(String[]::new));
        if (sealing[0] != null) throw sealing[0];
        if (code == OutOfMemory.EXIT_CODE) return code; // its one line is said; a second would only repeat it
        if (code != 0) {
            err.println("drt farm: " + what + " failed (drt render exit status " + code + ")");
            return code;
        }
        return 0;
    }
}
