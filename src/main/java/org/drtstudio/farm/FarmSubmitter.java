package org.drtstudio.farm;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Submits a {@link FarmJob}: writes its folder (job file, batch scripts, logs), then one array job
 * of the tasks whose outputs are not complete — so submitting again resumes: complete frames and
 * tiles are skipped, failed or missing ones are rendered again — and, after it
 * ({@code --dependency=afterok}), the merge job of a tiled still or the video job of frames.
 * A dependent job whose tasks failed is cancelled by Slurm ({@code --kill-on-invalid-dep=yes})
 * instead of waiting for ever.
 */
public final class FarmSubmitter {
    private final SlurmClient slurm;
    private final TaskCommand command;

    public FarmSubmitter(SlurmClient slurm, TaskCommand command) {
        this.slurm = slurm;
        this.command = command;
    }

    public Submission submit(FarmJob job, SubmitOptions options, PrintWriter out) throws FarmException, IOException {
        slurm.requireSbatch();
        // Two submissions at once would render the same pictures twice (and race for them).
        for (String[] earlier : FarmIndex.lastSubmission(job.folder())) {
            if (slurm.active(earlier[0])) {
                throw new FarmException("job " + earlier[0] + " of " + job.folder() + " is still queued or running; wait for it "
                        + "(drt farm status " + earlier[0] + ") or cancel it (scancel " + earlier[0] + ") before submitting again");
            }
        }
        Files.createDirectories(job.logs());
        if (job.kind() == FarmJob.Kind.TILES) Files.createDirectories(job.folder().resolve("tiles"));
        FarmJobFile.write(job);
        List<Integer> pending = new ArrayList<>();
        for (int t = 0; t < job.taskCount(); t++) if (!job.taskComplete(t)) pending.add(t);
        String name = "--job-name=drt-" + job.folder().getFileName().toString().replaceAll("\\.farm$", "");

        String array = null;
        if (!pending.isEmpty()) {
            Path script = BatchScripts.writeTasks(job, command);
            List<String> args = new ArrayList<>(List.of(name, "--ntasks=1"));
            if (options.partition() != null) args.add("--partition=" + options.partition());
            if (options.gpusPerTask() > 0) args.add("--gpus-per-task=" + options.gpusPerTask());
            args.addAll(options.sbatchArgs());
            args.add("--array=" + Submission.arraySpec(pending));
            args.add("--output=" + job.logs().resolve(logPrefix(job) + "_%A_%a.log"));
            args.add(script.toString());
            array = slurm.submit(args);
        }
        String merge = null, video = null;
        if (job.kind() == FarmJob.Kind.TILES && (array != null || !Sidecar.complete(job.stillOutputs(), job.signature()))) {
            merge = slurm.submit(dependent(job, options, name, array, "merge", BatchScripts.writeMerge(job, command)));
        }
        if (job.video() != null && (array != null || !Sidecar.complete(job.videoOutputs(), job.videoSignature()))) {
            video = slurm.submit(dependent(job, options, name, array, "video", BatchScripts.writeVideo(job, command)));
        }
        Submission s = new Submission(array, pending, merge, video);
        if (!s.empty()) FarmIndex.ofUser().record(job, s);
        report(job, s, out);
        return s;
    }

    /** The log file of array task {@code task} of job {@code arrayJob}. */
    public static Path taskLog(FarmJob job, String arrayJob, int task) {
        return job.logs().resolve(logPrefix(job) + "_" + arrayJob + "_" + task + ".log");
    }

    public static Path stepLog(FarmJob job, String step, String jobId) {
        return job.logs().resolve(step + "_" + jobId + ".log");
    }

    private static String logPrefix(FarmJob job) {
        return job.kind() == FarmJob.Kind.FRAMES ? "frames" : "tiles";
    }

    private static List<String> dependent(FarmJob job, SubmitOptions options, String name, String after, String step, Path script) {
        List<String> args = new ArrayList<>(List.of(name + "-" + step, "--ntasks=1"));
        if (options.partition() != null) args.add("--partition=" + options.partition());
        args.addAll(options.sbatchArgs());
        if (after != null) {
            args.add("--dependency=afterok:" + after);
            args.add("--kill-on-invalid-dep=yes");
        }
        args.add("--output=" + job.logs().resolve(step + "_%j.log"));
        args.add(script.toString());
        return args;
    }

    private static void report(FarmJob job, Submission s, PrintWriter out) {
        int total = job.taskCount(), skipped = total - s.tasks().size();
        if (s.empty()) {
            out.println("drt farm: " + job.folder() + ": everything is complete; nothing submitted");
            return;
        }
        if (s.arrayJob() != null) {
            out.printf("drt farm: job %s: %d of %d tasks (%s)%s%n", s.arrayJob(), s.tasks().size(), total,
                    job.kind() == FarmJob.Kind.FRAMES ? "frames " + job.frames() + ", " + job.chunk() + " per task"
                            : job.tiles() + " tiles of " + job.width() + "x" + job.height(),
                    skipped > 0 ? "; " + skipped + " complete, skipped" : "");
        }
        if (s.mergeJob() != null) out.printf("drt farm: job %s: merge into %s%s%n", s.mergeJob(), job.output(),
                s.arrayJob() != null ? " after job " + s.arrayJob() : "");
        if (s.videoJob() != null) out.printf("drt farm: job %s: video %s%s%n", s.videoJob(), job.video(),
                s.arrayJob() != null ? " after job " + s.arrayJob() : "");
        out.println("drt farm: scripts and logs in " + job.folder());
    }
}
