package org.drtstudio.render;


/**
 * A finished render. Rows run top to bottom, pixels left to right.
 *
 * @param srgb     4 bytes per pixel: sRGB-encoded, tone-mapped R, G, B and A = 255
 * @param radiance 3 floats per pixel, linear mean radiance, or null when not requested
 * @param depth    1 float per pixel, see {@link Aov#DEPTH}, or null when not requested
 * @param normals  3 floats per pixel, see {@link Aov#NORMAL}, or null when not requested
 * @param albedo   3 floats per pixel, see {@link Aov#ALBEDO}, or null when not requested
 * @param variance 1 float per pixel, see {@link Aov#VARIANCE}, or null when not requested
 * @param samples  1 float per pixel, see {@link Aov#SAMPLES}, or null when not requested
 * @param split    the radiance's diffuse part for the denoiser ({@link DiffuseSplit}), or null: made
 *                 when the trace passes summed the guides from sample 0
 * @param errors   pixels whose traversal exceeded its bound (a corrupt hierarchy); should be 0
 * @param uploadedBytes geometry-image bytes sent to the device for this frame (0 for the CPU tracer,
 *                      0 on the GPU when nothing changed since the previous frame)
 * @param denoised 3 floats per pixel, the radiance filtered by the renderer's denoiser ({@link Aov#DENOISED}),
 *                 or null when not requested; a renderer's {@code srgb} is still the traced picture
 *                 ({@link Denoiser#asPicture} makes the denoised one the frame's picture)
 */
public record Frame(int width, int height, byte[] srgb, float[] radiance, float[] depth, float[] normals, float[] albedo,
                    float[] variance, float[] samples, DiffuseSplit split, long errors, long uploadedBytes, float[] denoised) {

    /** A frame without the denoised radiance. */
    public Frame(int width, int height, byte[] srgb, float[] radiance, float[] depth, float[] normals, float[] albedo,
                 float[] variance, float[] samples, DiffuseSplit split, long errors, long uploadedBytes) {
        this(width, height, srgb, radiance, depth, normals, albedo, variance, samples, split, errors, uploadedBytes, null);
    }

    /** A frame without the denoiser's split. */
    public Frame(int width, int height, byte[] srgb, float[] radiance, float[] depth, float[] normals, float[] albedo,
                 float[] variance, float[] samples, long errors, long uploadedBytes) {
        this(width, height, srgb, radiance, depth, normals, albedo, variance, samples, null, errors, uploadedBytes);
    }

    /** A frame without the samples-per-pixel map. */
    public Frame(int width, int height, byte[] srgb, float[] radiance, float[] depth, float[] normals, float[] albedo,
                 float[] variance, long errors, long uploadedBytes) {
        this(width, height, srgb, radiance, depth, normals, albedo, variance, null, null, errors, uploadedBytes);
    }

    /** A frame without the variance estimate. */
    public Frame(int width, int height, byte[] srgb, float[] radiance, float[] depth, float[] normals, float[] albedo,
                 long errors, long uploadedBytes) {
        this(width, height, srgb, radiance, depth, normals, albedo, null, null, null, errors, uploadedBytes);
    }

    /** Per-pixel variance of the mean luminance from the running sums of luminance and its square over n samples. */
    public static float meanVariance(float sumLuminance, float sumSquares, int n) {
        float mean = sumLuminance / n;
        if (n < 2) return mean * mean;
        return Math.max(0f, (sumSquares / n - mean * mean) * n / (n - 1)) / n;
    }

    /** Luminance of linear RGB (Rec. 709 weights), the quantity whose variance {@link Aov#VARIANCE} holds. */
    public static float luminance(float r, float g, float b) {
        return 0.2126f * r + 0.7152f * g + 0.0722f * b;
    }
}
