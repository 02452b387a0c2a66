package org.drtstudio.farm;

import java.util.List;

/**
 * What sbatch is told besides the array and dependencies.
 *
 * @param partition   {@code --partition}, or null for the cluster's default
 * @param gpusPerTask {@code --gpus-per-task} (0: none asked; tasks on CPU-only nodes fall back to the CPU tracer)
 * @param sbatchArgs  further sbatch options, passed on as given ({@code --time=1:00:00}, {@code --mem=8G}, …)
 */
public record SubmitOptions(String partition, int gpusPerTask, List<String> sbatchArgs) {
    public SubmitOptions {
        sbatchArgs = List.copyOf(sbatchArgs);
    }

    public static final SubmitOptions DEFAULT = new SubmitOptions(null, 0, List.of());
}
