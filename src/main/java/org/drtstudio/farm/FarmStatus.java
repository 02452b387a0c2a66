package org.drtstudio.farm;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code drt farm status}: each task of a job's last submission as done (its outputs complete),
 * running or pending (Slurm's queue), or failed (left the queue without its outputs), with the
 * frames or tiles those hold and the log of each failed task.
 */
public final class FarmStatus {
    private final SlurmClient slurm;

    public FarmStatus(SlurmClient slurm) {
        this.slurm = slurm;
    }

    /** Prints the job's state; returns how many of its tasks, and merge or video steps, failed. */
    public int report(Path folder, PrintWriter out) throws FarmException, IOException {
        FarmJob job = FarmJobFile.read(FarmJobFile.in(folder));
        String array = null, merge = null, video = null;
        List<Integer> submitted = List.of();
        for (String[] line : FarmIndex.lastSubmission(folder)) {
            switch (line[1]) {
                case "tasks" -> {
                    array = line[0];
                    submitted = parseSpec(line[2]);
                }
                case "merge" -> merge = line[0];
                case "video" -> video = line[0];
                default -> { }
            }
        }
        boolean queue = slurm.hasSbatch() && slurm.clusterAnswers();
        Map<Integer, String> states = array != null && queue ? slurm.arrayStates(array) : Map.of();
        int done = 0, running = 0, pending = 0, failed = 0, framesDone = 0;
        List<String> details = new java.util.ArrayList<>();
        for (int t = 0; t < job.taskCount(); t++) {
            String state;
            if (job.taskComplete(t)) {
                state = "done";
                done++;
            } else if ("RUNNING".equals(states.get(t)) || "COMPLETING".equals(states.get(t))) {
                state = "running";
                running++;
            } else if ("PENDING".equals(states.get(t))) {
                state = "pending";
                pending++;
            } else if (array != null && submitted.contains(t)) {
                state = "failed" + (states.containsKey(t) ? " (" + states.get(t) + ")" : "") + ", log "
                        + FarmSubmitter.taskLog(job, array, t);
                failed++;
            } else {
                state = "not submitted";
            }
            if (job.kind() == FarmJob.Kind.FRAMES) {
                for (OutputSet o : job.outputsOf(t)) if (Sidecar.complete(o, job.signature())) framesDone++;
            }
            if (!state.equals("done")) details.add("  task " + t + " (" + job.describeTask(t) + "): " + state);
        }
        String what = job.kind() == FarmJob.Kind.FRAMES
                ? "frames " + job.frames() + " (" + framesDone + " of " + job.frames().count() + " frames done)"
                : job.tiles() + " tiles of a " + job.width() + "x" + job.height() + " still";
        out.println(String.format("%s: %s%s: tasks %d done, %d running, %d pending, %d failed%s", folder, what,
                array != null ? ", job " + array : "", done, running, pending, failed, queue ? "" : " (no Slurm controller answers; judged by the files)"));
        details.forEach(out::println);
        if (job.kind() == FarmJob.Kind.TILES) {
            boolean complete = Sidecar.complete(job.stillOutputs(), job.signature());
            String state = merge != null && queue && !complete ? slurm.jobState(merge) : null;
            if (failedState(state)) failed++;
            out.println("  merged still " + job.output() + ": " + (complete ? "complete"
                    : "not yet" + (merge != null ? " (job " + merge + (state != null ? ": " + state : "") + ")" : "")));
        }
        if (job.video() != null) {
            boolean complete = Sidecar.complete(job.videoOutputs(), job.videoSignature());
            String state = video != null && queue && !complete ? slurm.jobState(video) : null;
            if (failedState(state)) failed++;
            out.println("  video " + job.video() + ": " + (complete ? "complete"
                    : "not yet" + (video != null ? " (job " + video + (state != null ? ": " + state : "") + ")" : "")));
        }
        return failed;
    }

    /** Slurm's words for a job that ended without finishing its work. */
    private static boolean failedState(String state) {
        return state != null && (state.startsWith("FAILED") || state.startsWith("CANCELLED") || state.startsWith("TIMEOUT")
                || state.startsWith("NODE_FAIL") || state.startsWith("OUT_OF_MEMORY") || state.startsWith("BOOT_FAIL")
                || state.startsWith("DEADLINE"));
    }


    /** sbatch's "0-3,5" back into task indices. */
    static List<Integer> parseSpec(String spec) {
        java.util.ArrayList<Integer> out = new java.util.ArrayList<>();
        for (String part : spec.split(",")) {
            if (part.isBlank()) continue;
            String[] ab = part.split("-");
            try {
                int a = Integer.parseInt(ab[0].trim()), b = ab.length > 1 ? Integer.parseInt(ab[1].trim()) : a;
                for (int i = a; i <= b && i - a < 100_000; i++) out.add(i);
            } catch (NumberFormatException e) {
                // a hand-edited record: those tasks count as not submitted
            }
        }
        return out;
    }
}
