package org.drtstudio.farm;

import java.util.List;

/**
 * What sbatch is told besides the array and dependencies.
 *
 * @param partition   {@code --partition}, or null for the cluster's default
 * @param gpusPerTask {@code --gpus-per-task} (0: none asked; tasks on CPU-only nodes fall back to the CPU tracer)
 * @param sbatchArgs  further sbatch options, passed on as given ({@code --time=1:00:00}, {@code --mem=8G}, …)
 * @param retries     how often an array task that failed runs again before it counts as failed (0 to 10)
 */
public record SubmitOptions(String partition, int gpusPerTask, List<String> sbatchArgs, int retries) {
    /** The default number of retries of a failed task. */
    public static final int DEFAULT_RETRIES = 2;

    public SubmitOptions {
        sbatchArgs = List.copyOf(sbatchArgs);
        if (retries < 0 || retries > 10) throw new IllegalArgumentException("retries must be 0 to 10, got " + retries);
    }

    public SubmitOptions(String partition, int gpusPerTask, List<String> sbatchArgs) {
        this(partition, gpusPerTask, sbatchArgs, DEFAULT_RETRIES);
    }

    public static final SubmitOptions DEFAULT = new SubmitOptions(null, 0, List.of());
}
