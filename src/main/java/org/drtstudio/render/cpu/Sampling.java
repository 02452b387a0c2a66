package org.drtstudio.render.cpu;

/**
 * Warps of uniform random numbers shared by the CPU tracer; twin of {@code shaders/sampling.glsl}.
 * Dimensions of the sample hash: 0, 1 pixel position; 2, 3 lens; 4 time; then per path segment k
 * (the k-th ray taken off the Whitted stack) {@link #segmentDimension}.
 */
final class Sampling {
    static final int DIM_PIXEL_X = 0, DIM_PIXEL_Y = 1, DIM_LENS_U = 2, DIM_LENS_V = 3, DIM_TIME = 4;
    static final int SLOT_GLOSSY = 0, SLOT_LIGHTS = 4;
    /**
     * The environment light's four dimensions of a segment: the map's direction (+0, +1) and the
     * cosine-weighted one (+2, +3). At the top of a segment's slots, clear of the lights' for fewer
     * than 32,764 lights.
     */
    static final int SLOT_ENVIRONMENT = 65532;
    /** Russian roulette's pair of a segment ({@link org.drtstudio.render.sampling.Roulette#SLOT}). */
    static final int SLOT_ROULETTE = org.drtstudio.render.sampling.Roulette.SLOT;

    private Sampling() {
    }

    /** Dimension of slot {@code slot} in path segment {@code segment}; lights use slots 4 + 2l and 5 + 2l. */
    static int segmentDimension(int segment, int slot) {
        return (segment + 1) * 65536 + slot;
    }

    /**
     * Dimension of light {@code light}'s point at path segment {@code segment}: the lens's two when
     * the segment is the camera ray's and the light is {@code lensLight} ({@link org.drtstudio.render.sampling.LensLight}),
     * else slots 4 + 2l and 5 + 2l of the segment.
     */
    static int lightDimension(int segment, int light, int lensLight) {
        return segment == 0 && light == lensLight ? DIM_LENS_U : segmentDimension(segment, SLOT_LIGHTS + 2 * light);
    }

    /** Shirley–Chiu concentric map of the unit square onto the unit disk, written to out[0..1]. */
    static void concentricDisk(float u, float v, float[] out) {
        float a = 2f * u - 1f, b = 2f * v - 1f;
        if (a == 0f && b == 0f) {
            out[0] = 0f;
            out[1] = 0f;
            return;
        }
        float r, phi;
        if (Math.abs(a) > Math.abs(b)) {
            r = a;
            phi = 0.785398163f * (b / a);
        } else {
            r = b;
            phi = 1.570796327f - 0.785398163f * (a / b);
        }
        out[0] = r * (float) Math.cos(phi);
        out[1] = r * (float) Math.sin(phi);
    }

    /**
     * Offset from the pixel centre, in pixels, of a sample whose pixel dimensions are (r0, r1), warped
     * by the filter (0 box, 1 tent of radius 1, 2 Gaussian of σ = 0.5). The sampler stratifies the
     * pair itself (Owen-scrambled Sobol, {@link SampleHash}), so no grid is laid over it.
     */
    static void pixelOffset(int filter, float r0, float r1, float[] out) {
        float u = r0, v = r1;
        if (filter == 1) {
            out[0] = tent(u);
            out[1] = tent(v);
        } else if (filter == 2) {
            float radius = 0.5f * (float) Math.sqrt(-2f * (float) Math.log(1f - u));
            float angle = 6.283185307f * v;
            out[0] = radius * (float) Math.cos(angle);
            out[1] = radius * (float) Math.sin(angle);
        } else {
            out[0] = u - 0.5f;
            out[1] = v - 0.5f;
        }
    }

    private static float tent(float u) {
        return u < 0.5f ? (float) Math.sqrt(2f * u) - 1f : 1f - (float) Math.sqrt(2f - 2f * u);
    }
}
