package org.drtstudio.farm;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code drt farm submit --wait}: blocks until a submission's jobs have left the queue, then judges
 * them by their files (a task succeeded when all its outputs have their checksummed sidecars),
 * naming each failed task, its log and the log's last line.
 */
public final class FarmWaiter {
    private final SlurmClient slurm;
    private final long pollMillis;

    public FarmWaiter(SlurmClient slurm, long pollMillis) {
        this.slurm = slurm;
        this.pollMillis = pollMillis;
    }

    /** @return 0 when everything submitted is complete, else 1 (each failure told on {@code err}) */
    public int await(FarmJob job, Submission s, PrintWriter out, PrintWriter err) throws FarmException {
        List<String> ids = new ArrayList<>();
        for (String id : new String[]{s.arrayJob(), s.mergeJob(), s.videoJob()}) if (id != null) ids.add(id);
        for (String id : ids) {
            while (slurm.active(id)) {
                try {
                    Thread.sleep(pollMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new FarmException("interrupted while waiting for job " + id);
                }
            }
        }
        int failures = 0;
        for (int t : s.tasks()) {
            if (job.taskComplete(t)) continue;
            failures++;
            Path log = FarmSubmitter.taskLog(job, s.arrayJob(), t);
            err.println("drt farm: task " + t + " (" + job.describeTask(t) + ") of job " + s.arrayJob() + " failed; log "
                    + log + lastLine(log));
        }
        if (s.mergeJob() != null && !Sidecar.complete(job.stillOutputs(), job.signature())) {
            failures++;
            err.println("drt farm: merge job " + s.mergeJob() + (failures > 1 ? " was cancelled: tasks failed" : " failed; log "
                    + FarmSubmitter.stepLog(job, "merge", s.mergeJob()) + lastLine(FarmSubmitter.stepLog(job, "merge", s.mergeJob()))));
        }
        if (s.videoJob() != null && !Sidecar.complete(job.videoOutputs(), job.videoSignature())) {
            failures++;
            err.println("drt farm: video job " + s.videoJob() + (failures > 1 ? " was cancelled: tasks failed" : " failed; log "
                    + FarmSubmitter.stepLog(job, "video", s.videoJob()) + lastLine(FarmSubmitter.stepLog(job, "video", s.videoJob()))));
        }
        if (failures > 0) {
            err.println("drt farm: submit again with the same options to render only what is missing");
            return 1;
        }
        out.println("drt farm: done: " + (job.kind() == FarmJob.Kind.FRAMES ? job.frames().count() + " frames " + job.output()
                : job.output()) + (job.video() != null ? ", video " + job.video() : ""));
        return 0;
    }

    /**
     * ": " and the log's last line that says why (drt render's own message rather than the farm's
     * "frame N failed" after it), or nothing.
     */
    static String lastLine(Path log) {
        try {
            if (!Files.isRegularFile(log) || Files.size(log) > 64L << 20) return "";
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            String last = "";
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (l.isEmpty()) continue;
                if (last.isEmpty()) last = l;
                if (!l.startsWith("drt farm:")) {
                    last = l;
                    break;
                }
            }
            if (!last.isEmpty()) return ": " + (last.length() > 300 ? last.substring(0, 300) + "…" : last);
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
        return "";
    }
}
