package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * How to render: image size, samples per pixel, path depth, background, ambient light, the
 * distance attenuation 1 / (c1 + c2 r + c3 r²) applied to lights, the pixel filter, and the studio
 * preview's sample target: the samples per pixel after which the live preview stops refining (and
 * stops using the CPU); exports use {@code samplesPerPixel}. {@code noiseThreshold} (0: off) lets the
 * preview stop sooner: pixels whose relative standard error is under it stop taking samples, and
 * the preview is finished once every pixel has (org.drtstudio.render.AdaptiveSampling).
 * {@code environment} (null: none) is an HDR sky that lights the scene and replaces the background
 * colour where rays leave the scene ({@link Environment}). {@code ground} (null: none) is the DRT
 * paper's analytic ground plane, tested by every ray outside the hierarchy ({@link GroundPlane}).
 */
public record RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed,
                             Vec3 background, Vec3 ambientLight, float attenuationC1, float attenuationC2,
                             float attenuationC3, PixelFilter filter, int previewSamples, float noiseThreshold,
                             Environment environment, GroundPlane ground) {
    public static final int MAX_DIMENSION = 16384;
    public static final int MAX_SAMPLES = 65536;
    /** The preview's sample target when a file names none: clean enough to judge, reached in seconds to minutes. */
    public static final int DEFAULT_PREVIEW_SAMPLES = 256;
    public static final int MAX_DEPTH = 32;
    /** The largest noise threshold: a relative error of 1. */
    public static final float MAX_NOISE_THRESHOLD = 1f;
    public static final RenderSettings DEFAULT = new RenderSettings(640, 480, 1, 5, 0, new Vec3(0.05f, 0.05f, 0.08f),
            new Vec3(0.1f, 0.1f, 0.1f), 1f, 0f, 0f);

    /** Settings without a ground plane. */
    public RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed, Vec3 background, Vec3 ambientLight,
                          float attenuationC1, float attenuationC2, float attenuationC3, PixelFilter filter, int previewSamples,
                          float noiseThreshold, Environment environment) {
        this(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3,
                filter, previewSamples, noiseThreshold, environment, null);
    }

    /** Settings without an environment light: the background colour is what rays leaving the scene see. */
    public RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed, Vec3 background, Vec3 ambientLight,
                          float attenuationC1, float attenuationC2, float attenuationC3, PixelFilter filter, int previewSamples,
                          float noiseThreshold) {
        this(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3,
                filter, previewSamples, noiseThreshold, null, null);
    }

    /** Settings with the box filter (the default of scene files, which name no filter). */
    public RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed, Vec3 background, Vec3 ambientLight,
                          float attenuationC1, float attenuationC2, float attenuationC3) {
        this(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3,
                PixelFilter.BOX);
    }

    /** Settings without a noise threshold: the preview takes its whole sample target. */
    public RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed, Vec3 background, Vec3 ambientLight,
                          float attenuationC1, float attenuationC2, float attenuationC3, PixelFilter filter, int previewSamples) {
        this(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3,
                filter, previewSamples, 0f);
    }

    /** Settings with the default preview sample target. */
    public RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed, Vec3 background, Vec3 ambientLight,
                          float attenuationC1, float attenuationC2, float attenuationC3, PixelFilter filter) {
        this(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3,
                filter, DEFAULT_PREVIEW_SAMPLES);
    }

    public RenderSettings {
        if (width < 1 || width > MAX_DIMENSION) throw new IllegalArgumentException("width must be 1.." + MAX_DIMENSION + ", got " + width);
        if (height < 1 || height > MAX_DIMENSION) throw new IllegalArgumentException("height must be 1.." + MAX_DIMENSION + ", got " + height);
        if (samplesPerPixel < 1 || samplesPerPixel > MAX_SAMPLES) throw new IllegalArgumentException("samples per pixel must be 1.." + MAX_SAMPLES + ", got " + samplesPerPixel);
        if (previewSamples < 1 || previewSamples > MAX_SAMPLES) throw new IllegalArgumentException("preview sample target must be 1.." + MAX_SAMPLES + ", got " + previewSamples);
        if (maxDepth < 1 || maxDepth > MAX_DEPTH) throw new IllegalArgumentException("max depth must be 1.." + MAX_DEPTH + ", got " + maxDepth);
        if (!(attenuationC1 >= 0 && attenuationC2 >= 0 && attenuationC3 >= 0) || attenuationC1 + attenuationC2 + attenuationC3 <= 0)
            throw new IllegalArgumentException("attenuation coefficients must be ≥ 0 and not all 0");
        if (filter == null) throw new IllegalArgumentException("pixel filter must be given");
        if (!(noiseThreshold >= 0 && noiseThreshold <= MAX_NOISE_THRESHOLD))
            throw new IllegalArgumentException("noise threshold must be a relative error between 0 (off) and " + MAX_NOISE_THRESHOLD + ", got " + noiseThreshold);
    }

    public RenderSettings withSize(int w, int h) {
        return new RenderSettings(w, h, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3, filter, previewSamples, noiseThreshold, environment, ground);
    }

    public RenderSettings withSampling(int spp, int depth, long newSeed) {
        return new RenderSettings(width, height, spp, depth, newSeed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3, filter, previewSamples, noiseThreshold, environment, ground);
    }

    public RenderSettings withFilter(PixelFilter newFilter) {
        return new RenderSettings(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2,
                attenuationC3, newFilter, previewSamples, noiseThreshold, environment, ground);
    }

    public RenderSettings withPreviewSamples(int samples) {
        return new RenderSettings(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2,
                attenuationC3, filter, samples, noiseThreshold, environment, ground);
    }

    public RenderSettings withNoiseThreshold(float threshold) {
        return new RenderSettings(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2,
                attenuationC3, filter, previewSamples, threshold, environment, ground);
    }

    /** These settings lit by {@code newEnvironment} (null: none). */
    public RenderSettings withEnvironment(Environment newEnvironment) {
        return new RenderSettings(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2,
                attenuationC3, filter, previewSamples, noiseThreshold, newEnvironment, ground);
    }

    /** These settings with the analytic ground plane {@code newGround} (null: none). */
    public RenderSettings withGround(GroundPlane newGround) {
        return new RenderSettings(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2,
                attenuationC3, filter, previewSamples, noiseThreshold, environment, newGround);
    }
}
