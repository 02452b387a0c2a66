package org.drtstudio.farm;

import java.util.List;

/**
 * The Slurm jobs one {@code drt farm submit} made.
 *
 * @param arrayJob the array job of the tasks, or null when every task was complete already
 * @param tasks    the array's task indices (the incomplete ones)
 * @param mergeJob the merge job (tiles), or null
 * @param videoJob the video job (frames with {@code --video}), or null
 */
public record Submission(String arrayJob, List<Integer> tasks, String mergeJob, String videoJob) {
    public Submission {
        tasks = List.copyOf(tasks);
    }

    public boolean empty() {
        return arrayJob == null && mergeJob == null && videoJob == null;
    }

    /** "0-3,5": sbatch's --array syntax for the tasks. */
    public static String arraySpec(List<Integer> tasks) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < tasks.size(); ) {
            int j = i;
            while (j + 1 < tasks.size() && tasks.get(j + 1) == tasks.get(j) + 1) j++;
            if (sb.length() > 0) sb.append(',');
            sb.append(tasks.get(i));
            if (j > i) sb.append('-').append(tasks.get(j));
            i = j + 1;
        }
        return sb.toString();
    }
}
