package org.drtstudio.render;


/**
 * What the denoiser reads: the noisy mean radiance, its per-pixel variance and the first-hit guides
 * (normal, albedo, depth, averaged over the pixel's first camera samples), all at
 * {@code width × height}, rows top to bottom; and, when the tracer summed it, the radiance's diffuse
 * part ({@link DiffuseSplit}, else null), which the denoisers filter apart from the rest.
 */
public record DenoiseInput(int width, int height, float[] radiance, float[] variance, float[] normals, float[] albedo,
                           float[] depth, DiffuseSplit split) {
    /**
     * The guide AOVs average a pixel's first camera samples: the rays of its radiance samples (summed
     * by the trace passes at no cost, {@link GuideSums}), and more traced by a guide pass: on pixels
     * on an edge of the guides up to {@link org.drtstudio.render.denoise.GuideEdges#samples}, or, when the trace passes did not
     * sum them (the studio's young views), on every pixel up to {@link #guideSamples}. The denoiser divides the radiance by the albedo and multiplies the
     * filtered light back by it, so a pixel on a texture or silhouette edge comes out as exact as
     * its albedo: with the radiance's own 16 samples the edges keep all their anti-aliasing noise.
     * Measured at 16 spp on the noise scenes of docs/RESULTS.md (RMSE, all three effects, the first
     * filter): guides of 16 samples on every pixel 2.63, 32 2.33, 64 2.2, 128 2.10. A guide sample is
     * a first hit only, but on the CPU tracer 48 traced beyond 16 shaded samples on every pixel cost
     * about as much as those; hence the edge pixels only when the trace passes summed the guides.
     */
    public static final int GUIDE_SAMPLES = 64;

    /**
     * How many camera samples the guide pass traces for every pixel of a render of {@code samples}
     * samples per pixel whose trace passes did not sum the guides: four times the radiance's, at most
     * {@link #GUIDE_SAMPLES}; 1 (the pixel centre) for one sample.
     */
    public static int guideSamples(int samples) {
        return samples <= 1 ? 1 : Math.min(4 * samples, GUIDE_SAMPLES);
    }

    /** The AOVs a frame must carry to be denoised. */
    public static final java.util.Set<Aov> NEEDED = java.util.EnumSet.of(Aov.RADIANCE, Aov.VARIANCE, Aov.NORMAL,
            Aov.ALBEDO, Aov.DEPTH);

    /**
     * What a render asked for {@code aovs} traces: with {@link Aov#DENOISED}, the denoiser's inputs
     * ({@link #NEEDED}) as well; {@code aovs} itself otherwise.
     */
    public static java.util.Set<Aov> inputsFor(java.util.Set<Aov> aovs) {
        if (!aovs.contains(Aov.DENOISED)) return aovs;
        java.util.Set<Aov> traced = java.util.EnumSet.copyOf(aovs);
        traced.addAll(NEEDED);
        return traced;
    }

    /** Refuses {@link Aov#DENOISED} for a window of a frame: the denoiser looks at pixels across its edges. */
    public static void refuseInWindow(java.util.Set<Aov> aovs) {
        if (aovs.contains(Aov.DENOISED)) {
            throw new IllegalArgumentException("a window of a frame cannot be denoised: the denoiser looks across its edges");
        }
    }

    /** Inputs without the split: the whole radiance is filtered as one. */
    public DenoiseInput(int width, int height, float[] radiance, float[] variance, float[] normals, float[] albedo,
                        float[] depth) {
        this(width, height, radiance, variance, normals, albedo, depth, null);
    }

    public DenoiseInput {
        int n = width * height;
        if (split != null && (split.diffuse().length != 3 * n || split.diffuseVariance().length != n
                || split.otherVariance().length != n || split.ownAlbedo().length != 3 * n)) {
            throw new IllegalArgumentException("denoiser split does not match " + width + "x" + height);
        }
        if (radiance.length != 3 * n || variance.length != n || normals.length != 3 * n || albedo.length != 3 * n
                || depth.length != n) {
            throw new IllegalArgumentException("denoiser inputs do not match " + width + "x" + height);
        }
    }

    /** The inputs of a frame rendered with {@link #NEEDED}. */
    public static DenoiseInput of(Frame f) {
        if (f.radiance() == null || f.variance() == null || f.normals() == null || f.albedo() == null || f.depth() == null) {
            throw new IllegalArgumentException("a frame to denoise needs radiance, variance, normal, albedo and depth");
        }
        return new DenoiseInput(f.width(), f.height(), f.radiance(), f.variance(), f.normals(), f.albedo(), f.depth(), f.split());
    }
}
