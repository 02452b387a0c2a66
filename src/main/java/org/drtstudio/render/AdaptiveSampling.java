package org.drtstudio.render;

import java.util.Locale;

/**
 * Adaptive convergence: a pixel stops receiving samples once the relative standard error of its
 * mean luminance — {@code sqrt(variance of the mean) / (mean + LUMINANCE_FLOOR)} — is at most
 * {@code threshold} for it and its eight neighbours, after at least {@code minSamples} samples.
 * The neighbourhood keeps a pixel whose few samples happened to agree (a penumbra pixel whose
 * first samples all saw the light) from stopping while the pixels around it are still noisy.
 * {@link #OFF} (threshold 0) takes every sample.
 *
 * @param threshold  the relative error a pixel must reach; 0 turns adaptive sampling off
 * @param minSamples samples every pixel takes before it may stop (the variance estimate needs a few)
 */
public record AdaptiveSampling(float threshold, int minSamples) {
    /** Samples before a pixel may stop: with fewer, a pixel's variance estimate is itself too noisy to trust. */
    public static final int DEFAULT_MIN_SAMPLES = 16;
    /**
     * Added to the mean luminance in the relative error so dark pixels need not reach a relative
     * error they cannot show: near black the tone curve hides absolute errors of this size.
     */
    public static final float LUMINANCE_FLOOR = 0.05f;
    /** Largest threshold accepted: a relative error above 1 means the noise may be larger than the picture. */
    public static final float MAX_THRESHOLD = 1f;
    public static final AdaptiveSampling OFF = new AdaptiveSampling(0f, DEFAULT_MIN_SAMPLES);

    public AdaptiveSampling {
        String problem = problem(threshold);
        if (problem != null) throw new IllegalArgumentException("noise threshold " + problem);
        if (minSamples < 2) throw new IllegalArgumentException("adaptive sampling needs at least 2 samples before a pixel stops, got " + minSamples);
    }

    /** Threshold {@code t} with the default minimum sample count. */
    public static AdaptiveSampling of(float threshold) {
        return new AdaptiveSampling(threshold, DEFAULT_MIN_SAMPLES);
    }

    /**
     * Why {@code t} is no noise threshold, as the rest of a sentence about it ("must be …, got t"),
     * or null when it is one: 0 (off) or in (0, {@link #MAX_THRESHOLD}].
     */
    public static String problem(double t) {
        if (Double.isNaN(t) || t < 0 || t > MAX_THRESHOLD) {
            return String.format(Locale.ROOT, "must be a relative error between 0 (off) and %s, e.g. 0.02, got %s",
                    MAX_THRESHOLD, t);
        }
        return null;
    }

    public boolean enabled() {
        return threshold > 0;
    }

    /** Whether adaptive sampling can stop any pixel of a render of {@code maxSamples} per pixel. */
    public boolean canStopBefore(int maxSamples) {
        return enabled() && minSamples < maxSamples;
    }
}
