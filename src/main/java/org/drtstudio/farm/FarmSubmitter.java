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
 * instead of waiting for ever. A failed task runs again up to {@link SubmitOptions#retries} times
 * ({@link BatchScripts#writeTasks}; {@code --requeue} for a node that fails). A submission that
 * fails half-way (sbatch refusing the merge job after the array was queued) cancels what it had
 * queued and removes what it had written, so it leaves nothing behind.
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
        // What this submission makes, to take back if it fails: a failed submission leaves nothing behind.
        List<Path> made = new ArrayList<>();
        List<String> submitted = new ArrayList<>();
        try {
            return submitRecorded(job, options, out, made, submitted);
        } catch (FarmException | IOException | RuntimeException e) {
            for (String id : submitted) {
                try {
                    slurm.cancel(id);
                } catch (FarmException cancelFailed) {
                    // reported with the failure below: the job may still run
                    throw new FarmException(e.getMessage() + "; and job " + id + " it had submitted could not be cancelled ("
                            + cancelFailed.getMessage() + "): scancel " + id);
                }
            }
            for (int i = made.size() - 1; i >= 0; i--) {
                try {
                    Files.deleteIfExists(made.get(i)); // folders only when empty
                } catch (IOException stays) {
                    // a folder someone put a file in stays
                }
            }
            throw e;
        }
    }

    private Submission submitRecorded(FarmJob job, SubmitOptions options, PrintWriter out, List<Path> made, List<String> submitted)
            throws FarmException, IOException {
        for (Path dir : List.of(job.folder(), job.logs())) {
            if (!Files.exists(dir)) made.add(dir);
        }
        Files.createDirectories(job.logs());
        if (job.kind() == FarmJob.Kind.TILES) {
            Path tiles = job.folder().resolve("tiles");
            if (!Files.exists(tiles)) made.add(tiles);
            Files.createDirectories(tiles);
        }
        Path jobFile = FarmJobFile.in(job.folder());
        if (!Files.exists(jobFile)) made.add(jobFile);
        FarmJobFile.write(job);
        List<Integer> pending = new ArrayList<>();
        for (int t = 0; t < job.taskCount(); t++) if (!job.taskComplete(t)) pending.add(t);
        String name = "--job-name=drt-" + job.folder().getFileName().toString().replaceAll("\\.farm$", "");

        String array = null;
        if (!pending.isEmpty()) {
            Path script = made(made, job.folder().resolve(BatchScripts.TASKS));
            BatchScripts.writeTasks(job, command, options.retries());
            List<String> args = new ArrayList<>(List.of(name, "--ntasks=1", "--requeue"));
            if (options.partition() != null) args.add("--partition=" + options.partition());
            if (options.gpusPerTask() > 0) args.add("--gpus-per-task=" + options.gpusPerTask());
            args.addAll(options.sbatchArgs());
            args.add("--array=" + Submission.arraySpec(pending));
            args.add("--output=" + job.logs().resolve(logPrefix(job) + "_%A_%a.log"));
            args.add(script.toString());
            array = slurm.submit(args);
            submitted.add(array);
        }
        String merge = null, video = null;
        if (job.kind() == FarmJob.Kind.TILES && (array != null || !Sidecar.complete(job.stillOutputs(), job.signature()))) {
            made(made, job.folder().resolve(BatchScripts.MERGE));
            merge = slurm.submit(dependent(job, options, name, array, "merge", BatchScripts.writeMerge(job, command)));
            submitted.add(merge);
        }
        if (job.video() != null && (array != null || !Sidecar.complete(job.videoOutputs(), job.videoSignature()))) {
            made(made, job.folder().resolve(BatchScripts.VIDEO));
            video = slurm.submit(dependent(job, options, name, array, "video", BatchScripts.writeVideo(job, command)));
            submitted.add(video);
        }
        Submission s = new Submission(array, pending, merge, video);
        if (!s.empty()) FarmIndex.ofUser().record(job, s);
        report(job, s, out);
        return s;
    }

    /** Notes {@code file} as made by this submission when nothing was there before. */
    private static Path made(List<Path> made, Path file) {
        if (!Files.exists(file)) made.add(file);
        return file;
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
