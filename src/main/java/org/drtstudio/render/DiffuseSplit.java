package org.drtstudio.render;

import org.drtstudio.accel.ParallelRanges;


/**
 * Each camera sample's radiance split in two for the denoiser: the diffuse light of the surface
 * that ends its guide chain ("diffuse": the first hit's, or through a perfect mirror or glass that
 * of what it shows, {@link GuideSums#CHAIN_WEIGHT}; the ambient term and the lights' diffuse terms
 * there times the chain's throughput, what the guide's albedo multiplies) and
 * the rest ("other": highlights, reflections, refractions, the background). Both tracers sum the
 * diffuse part and the two parts' squared luminances in the trace pass, beside the radiance and the
 * guides ({@code shaders/guide_sums.glsl}, {@code CpuRenderer}).
 *
 * <p>Why: on a pixel that straddles two materials, the diffuse part is the light times the albedo of
 * the samples that fell on each side, so dividing it by the albedo of <em>the same samples</em>
 * ({@link #ownAlbedo}) leaves the light alone, smooth across the edge, and multiplying the filtered
 * light by the guide's albedo (four times as many samples) gives the edge that guide's precision.
 * Dividing the whole radiance instead leaves the highlights and reflections, which differ between
 * the materials, and the filter must then refuse to smooth there; the other part is filtered on its
 * own, not divided by the albedo. Measured on the noise scenes of docs/RESULTS.md.
 *
 * <p>Sums layout, the same on the GPU (an RGBA32F and an R32F image) and in Java: {@code diffuseSums}
 * 4 floats per pixel (sum of the diffuse parts r, g, b; sum of their squared luminances),
 * {@code otherSquares} 1 float per pixel (sum of the other parts' squared luminances).
 *
 * @param diffuse         3 floats per pixel, the mean diffuse part
 * @param diffuseVariance 1 float per pixel, the variance of its mean luminance
 * @param otherVariance   1 float per pixel, the same for the other part (radiance − diffuse)
 * @param ownAlbedo       3 floats per pixel, the mean albedo of the pixel's own samples' guide chains
 */
public record DiffuseSplit(float[] diffuse, float[] diffuseVariance, float[] otherVariance, float[] ownAlbedo) {
    /** Floats per pixel of {@code diffuseSums}. */
    public static final int FLOATS = 4;

    /**
     * The split of pixels whose {@code samples[i]} samples summed {@code radianceSums} (r, g, b first
     * of every {@code stride} floats), {@code diffuseSums}, {@code otherSquares} and {@code ownAlbedoHits}
     * (the trace passes' albedo sums, {@link GuideSums}' layout, before a guide pass adds to them).
     */
    public static DiffuseSplit resolve(float[] radianceSums, int stride, float[] diffuseSums, float[] otherSquares,
                                       float[] ownAlbedoHits, float[] samples) {
        int n = samples.length;
        float[] diffuse = new float[3 * n], ownAlbedo = new float[3 * n];
        float[] diffuseVariance = new float[n], otherVariance = new float[n];
        ParallelRanges.forEach(n, (from, to) -> {
            for (int i = from; i < to; i++) {
                int count = (int) samples[i], d = FLOATS * i, a = GuideSums.FLOATS * i;
                float inv = count > 0 ? 1f / count : 0f;
                for (int c = 0; c < 3; c++) {
                    diffuse[3 * i + c] = diffuseSums[d + c] * inv;
                    ownAlbedo[3 * i + c] = ownAlbedoHits[a + c] * inv;
                }
                if (count == 0) continue;
                float diffuseLuminance = Frame.luminance(diffuseSums[d], diffuseSums[d + 1], diffuseSums[d + 2]);
                int r = stride * i;
                float luminance = Frame.luminance(radianceSums[r], radianceSums[r + 1], radianceSums[r + 2]);
                diffuseVariance[i] = Frame.meanVariance(diffuseLuminance, diffuseSums[d + 3], count);
                otherVariance[i] = Frame.meanVariance(luminance - diffuseLuminance, otherSquares[i], count);
            }
        });
        return new DiffuseSplit(diffuse, diffuseVariance, otherVariance, ownAlbedo);
    }

    /** A window of this split, for {@link PixelWindow#crop}. */
    DiffuseSplit crop(PixelWindow window, int wholeWidth) {
        return new DiffuseSplit(window.crop(diffuse, wholeWidth, 3), window.crop(diffuseVariance, wholeWidth, 1),
                window.crop(otherVariance, wholeWidth, 1), window.crop(ownAlbedo, wholeWidth, 3));
    }
}
