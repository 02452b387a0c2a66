package org.drtstudio.render;

/**
 * What the denoiser reads: the noisy mean radiance, its per-pixel variance and the first-hit guides
 * (normal, albedo, depth), all at {@code width × height}, rows top to bottom.
 */
public record DenoiseInput(int width, int height, float[] radiance, float[] variance, float[] normals, float[] albedo,
                           float[] depth) {
    /** The AOVs a frame must carry to be denoised. */
    public static final java.util.Set<Aov> NEEDED = java.util.EnumSet.of(Aov.RADIANCE, Aov.VARIANCE, Aov.NORMAL,
            Aov.ALBEDO, Aov.DEPTH);

    public DenoiseInput {
        int n = width * height;
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
        return new DenoiseInput(f.width(), f.height(), f.radiance(), f.variance(), f.normals(), f.albedo(), f.depth());
    }
}
