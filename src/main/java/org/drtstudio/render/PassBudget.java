package org.drtstudio.render;

/**
 * Chooses how many samples per pixel the next progressive pass should take so that a pass lasts
 * about the frame-time budget: a slow device gets 1 sample per pass and stays fluid, a fast one
 * many and converges quickly. Growth is limited to doubling per pass so one fast outlier (a pass
 * that hit only background) cannot make the next pass blow the budget by far.
 */
public final class PassBudget {
    public static final long DEFAULT_BUDGET_NANOS = 33_000_000L;
    private final long budgetNanos;
    private final int maxSamples;
    private int samples = 1;

    public PassBudget(long budgetNanos, int maxSamples) {
        if (budgetNanos <= 0) throw new IllegalArgumentException("budget must be positive, got " + budgetNanos + " ns");
        if (maxSamples < 1) throw new IllegalArgumentException("max samples per pass must be ≥ 1, got " + maxSamples);
        this.budgetNanos = budgetNanos;
        this.maxSamples = maxSamples;
    }

    /** Samples per pixel for the next pass. */
    public int samples() {
        return samples;
    }

    /** Records how long a pass of {@link #samples()} samples took and adapts. */
    public void record(long elapsedNanos) {
        double perSample = Math.max(1, elapsedNanos) / (double) samples;
        double ideal = budgetNanos / perSample;
        int next = (int) Math.floor(ideal);
        next = Math.min(next, 2 * samples);
        samples = Math.max(1, Math.min(maxSamples, next));
    }

    /** Back to one sample per pass, e.g. after the scene changed and cost per sample is unknown. */
    public void reset() {
        samples = 1;
    }
}
