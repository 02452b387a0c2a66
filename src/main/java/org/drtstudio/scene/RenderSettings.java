package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * How to render: image size, samples per pixel, path depth, background, ambient light, the
 * distance attenuation 1 / (c1 + c2 r + c3 r²) applied to lights, and the pixel filter.
 */
public record RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed,
                             Vec3 background, Vec3 ambientLight, float attenuationC1, float attenuationC2,
                             float attenuationC3, PixelFilter filter) {
    public static final int MAX_DIMENSION = 16384;
    public static final int MAX_DEPTH = 32;
    public static final RenderSettings DEFAULT = new RenderSettings(640, 480, 1, 5, 0, new Vec3(0.05f, 0.05f, 0.08f),
            new Vec3(0.1f, 0.1f, 0.1f), 1f, 0f, 0f);

    /** Settings with the box filter (the default of scene files, which name no filter). */
    public RenderSettings(int width, int height, int samplesPerPixel, int maxDepth, long seed, Vec3 background, Vec3 ambientLight,
                          float attenuationC1, float attenuationC2, float attenuationC3) {
        this(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3,
                PixelFilter.BOX);
    }

    public RenderSettings {
        if (width < 1 || width > MAX_DIMENSION) throw new IllegalArgumentException("width must be 1.." + MAX_DIMENSION + ", got " + width);
        if (height < 1 || height > MAX_DIMENSION) throw new IllegalArgumentException("height must be 1.." + MAX_DIMENSION + ", got " + height);
        if (samplesPerPixel < 1 || samplesPerPixel > 65536) throw new IllegalArgumentException("samples per pixel must be 1..65536, got " + samplesPerPixel);
        if (maxDepth < 1 || maxDepth > MAX_DEPTH) throw new IllegalArgumentException("max depth must be 1.." + MAX_DEPTH + ", got " + maxDepth);
        if (!(attenuationC1 >= 0 && attenuationC2 >= 0 && attenuationC3 >= 0) || attenuationC1 + attenuationC2 + attenuationC3 <= 0)
            throw new IllegalArgumentException("attenuation coefficients must be ≥ 0 and not all 0");
        if (filter == null) throw new IllegalArgumentException("pixel filter must be given");
    }

    public RenderSettings withSize(int w, int h) {
        return new RenderSettings(w, h, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3, filter);
    }

    public RenderSettings withSampling(int spp, int depth, long newSeed) {
        return new RenderSettings(width, height, spp, depth, newSeed, background, ambientLight, attenuationC1, attenuationC2, attenuationC3, filter);
    }

    public RenderSettings withFilter(PixelFilter newFilter) {
        return new RenderSettings(width, height, samplesPerPixel, maxDepth, seed, background, ambientLight, attenuationC1, attenuationC2,
                attenuationC3, newFilter);
    }

    public RenderSettings withLighting(Vec3 newBackground, Vec3 newAmbient) {
        return new RenderSettings(width, height, samplesPerPixel, maxDepth, seed, newBackground, newAmbient, attenuationC1, attenuationC2, attenuationC3, filter);
    }
}
