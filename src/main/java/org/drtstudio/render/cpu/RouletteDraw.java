package org.drtstudio.render.cpu;

import org.drtstudio.render.sampling.Roulette;

/**
 * Russian roulette's draw for one ray ({@link Roulette}); twin of {@code roulette} in
 * {@code shaders/whitted.glsl}. One per {@link WhittedIntegrator}: its pair is scratch state.
 */
final class RouletteDraw {
    private final SampleSeeds seeds;
    private final float playsBelow;
    private final float[] pair = new float[2];
    /** The least depth whose rays play ({@link Roulette#FROM_DEPTH}; the noise lab measures others). */
    int fromDepth = Roulette.FROM_DEPTH;

    /**
     * @param seeds      the integrator's sampler, shared so its per-pixel cache serves all draws
     * @param playsBelow rays lighter than this play ({@code TraceParameters.rouletteWeight}; 0: none)
     */
    RouletteDraw(SampleSeeds seeds, float playsBelow) {
        this.seeds = seeds;
        this.playsBelow = playsBelow;
    }

    /** Whether the rays a surface at {@code depth} sends play, {@code chainSurface} when it is on a guide chain. */
    boolean plays(int depth, boolean chainSurface) {
        return Roulette.plays(depth, chainSurface, fromDepth);
    }

    /**
     * For the one ray of a branch carrying (r, g, b): 1 when it is heavy enough, 0 when it stops,
     * else the factor its throughput is scaled up by. The reflected ray ({@code component} 0) draws
     * the first of segment {@code seg}'s roulette pair, the refracted one (1) the second.
     */
    float boost(float r, float g, float b, int pixel, int sample, int seg, int component) {
        float q = Roulette.survival(Math.max(r, Math.max(g, b)), playsBelow);
        if (q >= 1f) return 1f;
        seeds.pair(pixel, sample, Sampling.segmentDimension(seg, Sampling.SLOT_ROULETTE), pair);
        return pair[component] >= q ? 0f : 1f / q;
    }
}
