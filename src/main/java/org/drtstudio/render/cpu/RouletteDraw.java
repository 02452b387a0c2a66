package org.drtstudio.render.cpu;

import org.drtstudio.render.sampling.Roulette;

/**
 * Russian roulette's draw for one ray ({@link Roulette}); twin of {@code roulette} in
 * {@code shaders/whitted.glsl}.
 */
final class RouletteDraw {
    private final int seed;
    private final float playsBelow;
    /** The least depth whose rays play ({@link Roulette#FROM_DEPTH}; the noise lab measures others). */
    int fromDepth = Roulette.FROM_DEPTH;

    /**
     * @param seed       the frame's seed ({@code TraceParameters.seed})
     * @param playsBelow rays lighter than this play ({@code TraceParameters.rouletteWeight}; 0: none)
     */
    RouletteDraw(int seed, float playsBelow) {
        this.seed = seed;
        this.playsBelow = playsBelow;
    }

    /** Whether the rays a surface at {@code depth} sends play, {@code chainSurface} when it is on a guide chain. */
    boolean plays(int depth, boolean chainSurface) {
        return Roulette.plays(depth, chainSurface, fromDepth);
    }

    /**
     * For the one ray of a branch carrying (r, g, b): 1 when it is heavy enough, 0 when it stops,
     * else the factor its throughput is scaled up by. {@code refracted}: the branch (the reflected
     * and refracted rays of a segment draw apart).
     */
    float boost(float r, float g, float b, int pixel, int sample, int seg, boolean refracted) {
        float q = Roulette.survival(Math.max(r, Math.max(g, b)), playsBelow);
        if (q >= 1f) return 1f;
        return draw(pixel, sample, seg, refracted) >= q ? 0f : 1f / q;
    }

    /**
     * The uniform number of a ray: a plain hash of the pixel, sample, segment and branch, not a
     * stratified sample dimension (a decision needs none, and on the GPU the scrambled Sobol point
     * cost the frame more than the roulette saved). Twin of {@code rouletteDraw} in whitted.glsl.
     */
    private float draw(int pixel, int sample, int seg, boolean refracted) {
        int h = SampleHash.pcg(SampleHash.pcg(SampleHash.pcg(pixel ^ SampleHash.pcg(seed)) + sample) + 2 * seg + (refracted ? 1 : 0));
        return (h >>> 8) * (1f / 16777216f);
    }
}
