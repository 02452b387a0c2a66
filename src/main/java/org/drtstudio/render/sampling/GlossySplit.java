package org.drtstudio.render.sampling;

/**
 * How many rays a rough lobe sends at a camera ray's first hit, per camera sample (Arnold's
 * "specular" and "transmission" samples, Cycles' old branched path tracing): a branch (reflected or
 * refracted) of weight at least {@link #MIN_WEIGHT} sends {@link #RAYS} rays, each carrying
 * 1 / RAYS of its weight, so the estimate's expectation is unchanged. Ray j of sample s draws its
 * lobe with sample number s · RAYS + j in the lobe's own Owen-scrambled Sobol order, so a pixel's
 * 16 samples spread 32 lobe directions as one stratified set, not 16 pairs. Deeper hits send one
 * ray: the lobe at the first hit is what a rough mirror or frosted glass ball shows, and a wider
 * tree would overrun the {@link RayStack}. Measured on the default scene at 16 spp
 * (docs/RESULTS.md): glossy RMSE 2.31 → 1.73, all three 2.95 → 2.47; those scenes take about 1.05×
 * the time on the CPU tracer, 1.2× on llvmpipe, 1.3× in the H100's kernel frame and 1.9× in its
 * wavefront frame. Scenes without rough surfaces trace exactly as before. Both tracers take the
 * numbers from here: the CPU integrator, and {@code GLOSSY_SPLIT} and {@code GLOSSY_SPLIT_WEIGHT}
 * in {@code shaders/whitted.glsl}.
 *
 * <p>Where it pays: the error per sample falls to 0.75×, so the split wins at equal time where it
 * costs less than 1 / 0.75² = 1.78× the time. It does on the CPU tracers and on software GL, and
 * does not on a GPU's wavefront frame, where one H200 run of {@code drt bench --suite full}
 * (1080p, 16 spp, all effects) took bunny_1m 111 ms with the split against 68 ms without, and
 * bunny_18m 151 against 91 ms. So a hardware GPU sends {@link #HARDWARE_GPU_RAYS}, in either frame
 * schedule, so that its kernel and wavefront frames stay the same picture.
 */
public final class GlossySplit {
    public static final int RAYS = 2;
    /** Rays a rough branch sends on a hardware GPU (see the class comment for the measurement). */
    public static final int HARDWARE_GPU_RAYS = 1;
    /**
     * The least branch weight (reflectivity, or the Fresnel share of transparency) that is split: a
     * branch's noise grows with its weight squared, so a faint one, such as a floor's 5 % gloss or a
     * glass ball's front reflection, would double its rays for almost nothing.
     */
    public static final float MIN_WEIGHT = 0.25f;

    private GlossySplit() {
    }

    /**
     * The split the GPU tracer uses: {@link #RAYS} on software GL (where the CPU twin, which
     * splits as the CPU tracers do, is its oracle), {@link #HARDWARE_GPU_RAYS} on a hardware GPU.
     */
    public static int gpuRays(boolean softwareGl) {
        return softwareGl ? RAYS : HARDWARE_GPU_RAYS;
    }

    /**
     * The rays a rough branch of weight {@code weight} sends at depth {@code depth} (0: the camera
     * ray's first hit) when split {@code rays} ways there.
     */
    public static int raysAt(int depth, float weight, int rays) {
        return depth == 0 && weight >= MIN_WEIGHT ? rays : 1;
    }
}
