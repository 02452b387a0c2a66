package org.drtstudio.render.cpu;

/**
 * Random numbers from a hash of (pixel, sample, dimension, seed), the Java twin of
 * {@code shaders/random.glsl}: Java's wrapping int arithmetic and {@code >>>} give the same bits
 * as GLSL's uint arithmetic, so both tracers draw identical samples.
 */
public final class SampleHash {
    private SampleHash() {
    }

    /** PCG-RXS-M-XS output permutation of a 32-bit state. */
    static int pcg(int v) {
        int state = v * 747796405 + (int) 2891336453L;
        int word = ((state >>> ((state >>> 28) + 4)) ^ state) * 277803737;
        return (word >>> 22) ^ word;
    }

    /** Uniform float in [0, 1) with 24 random bits. */
    public static float uniform(int pixel, int sample, int dimension, int seed) {
        int h = pcg(pcg(pcg(pixel ^ pcg(seed)) + sample) + dimension);
        return (h >>> 8) * (1f / 16777216f);
    }
}
