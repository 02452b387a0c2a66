package org.drtstudio.render.sampling;

/**
 * Russian roulette for the rays a rough surface sends on (Arvo and Kirk 1990; pbrt-v4's path
 * integrator does the same): a ray drawn from a glossy or frosted lobe whose weight (its throughput's largest component) is below {@link #WEIGHT}
 * goes on with probability weight / {@link #WEIGHT} and then carries {@link #WEIGHT}, so the
 * estimate's expectation is unchanged while the long tail of faint bounces costs a fraction of its
 * rays. Before it, every ray above the throughput cut-off (1e-3) was traced: with reflectivity 0.25
 * a sample's chain of glossy bounces ran five deep, and the bounces after the first were most of a
 * 16-spp all-effects frame.
 *
 * <p>The weight is measured, not tuned by eye ({@code scripts/lab.sh RouletteNoise}, the CPU twin
 * with a hardware GPU's split, 160×120, 16 spp, RMSE against 512 spp without roulette, rays traced
 * per camera sample as the cost): error² × rays, the inverse of efficiency, falls by 20 % on the
 * glossy scene, 21 % on all three effects, 12 % and 8 % on the held-out scenes 101 and 404 at 0.1,
 * with 14–22 % fewer rays. Measured when sharp rays played too: 0.25 gained less on three of four
 * scenes, and starting at the first hit (0.5 from depth 0) lost 27 % and 41 % on soft shadows and
 * held-out 101.
 *
 * <p>A sharp mirror's or glass's rays never play: they are no random draw, and a Whitted scene
 * traced at one sample stays noiseless and independent of the seed.
 *
 * <p>It spares what a picture shows most: the rays from the camera ray's first hit ({@link
 * #FROM_DEPTH}), which {@link GlossySplit} splits, and every ray of a surface on a sample's guide
 * chain (a perfect mirror or glass seen from the camera), so the denoiser's guide pass, which walks
 * that chain without the pixel's sample numbers, pushes exactly the rays the shading pushes. The
 * decision draws the segment's stratified {@link #SLOT} pair. Both tracers take the
 * numbers from here: the CPU integrator, and {@code uRouletteWeight}, {@code ROULETTE} ({@link #onGpu})
 * {@code ROULETTE_DEPTH} and {@code SLOT_ROULETTE} in {@code shaders/whitted.glsl}.
 */
public final class Roulette {
    /** Rays lighter than this play the roulette, by default ({@code TraceParameters.rouletteWeight}). */
    public static final float WEIGHT = 0.1f;
    /** The least depth of the surface that sends the ray: 1 spares the rays from the first hit. */
    public static final int FROM_DEPTH = 1;
    /**
     * The segment's pair of sample dimensions the decision takes (the reflected ray the first, the
     * refracted one the second): below the environment light's, clear of the lights'. A plain hash
     * instead measured worse (soft shadows at 0.1: RMSE 1.265 against 1.210, the same rays).
     */
    public static final int SLOT = 65530;

    private Roulette() {
    }

    /**
     * Whether the GPU tracer compiles the roulette in: on software GL, where the CPU twin (which
     * plays it) is its oracle, and not on a hardware GPU. There its code alone cost the wavefront
     * frame more than the roulette saves: one H200 run of {@code drt bench --suite full}, bunny_1m's
     * 16-spp all-effects 1080p frame, took 71.2 ms with the roulette, 72.9 ms with it compiled in
     * and its weight 0, and 68.0 ms compiled out, as the build before it (67.8–68.6 ms): the
     * wavefront's shading kernel holds more registers (its depth-1 frame 29.6 against 27.3 ms).
     */
    public static boolean onGpu(boolean softwareGl) {
        return softwareGl;
    }

    /**
     * Whether the rays sent by a surface at {@code depth} play, {@code chainSurface} when it is on a
     * guide chain. A branch split into several rays ({@link GlossySplit}) draws once for them all.
     */
    public static boolean plays(int depth, boolean chainSurface) {
        return plays(depth, chainSurface, FROM_DEPTH);
    }

    /** As {@link #plays(int, boolean)} with rays playing from depth {@code fromDepth} on (the noise lab measures other depths). */
    public static boolean plays(int depth, boolean chainSurface, int fromDepth) {
        return depth >= fromDepth && !chainSurface;
    }

    /**
     * The chance that a ray of weight {@code weight} goes on when rays lighter than {@code playsBelow}
     * play: 1 from {@code playsBelow} up (always, for 0).
     */
    public static float survival(float weight, float playsBelow) {
        return weight >= playsBelow ? 1f : weight / playsBelow;
    }
}
