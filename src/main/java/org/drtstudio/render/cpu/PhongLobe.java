package org.drtstudio.render.cpu;

/**
 * Directions drawn from a normalised Phong lobe cos^n around an axis: a glossy surface's reflected
 * and refracted rays. Twin of {@code sampleLobe} in {@code shaders/whitted.glsl}. One per
 * {@link WhittedIntegrator}: its output is scratch state.
 */
final class PhongLobe {
    private final SampleSeeds seeds;
    private final float[] pairValues = new float[2];
    /** Output of {@link #glossy}: the direction, xyz (read by the ray benchmark too). */
    final float[] lobeDir = new float[3];

    /** @param seeds the integrator's sampler, shared so its per-pixel cache serves both */
    PhongLobe(SampleSeeds seeds) {
        this.seeds = seeds;
    }

    /**
     * Draws a direction from the Phong lobe cos^n around the unit axis into {@link #lobeDir};
     * returns false when it falls on the wrong side of the surface (normal sx, sy, sz).
     */
    boolean glossy(float ax, float ay, float az, float n, int pixel, int sample, int dimension, float sx, float sy, float sz) {
        seeds.pair(pixel, sample, dimension, pairValues);
        float u = pairValues[0];
        float v = pairValues[1];
        float cosT = (float) Math.pow(u, 1f / (n + 1f));
        float sinT = (float) Math.sqrt(Math.max(0f, 1f - cosT * cosT));
        float phi = 6.283185307f * v;
        float sign = az >= 0f ? 1f : -1f;
        float a = -1f / (sign + az), b = ax * ay * a;
        float t1x = 1f + sign * ax * ax * a, t1y = sign * b, t1z = -sign * ax;
        float t2x = b, t2y = sign + ay * ay * a, t2z = -ay;
        float c = sinT * (float) Math.cos(phi), s = sinT * (float) Math.sin(phi);
        lobeDir[0] = cosT * ax + c * t1x + s * t2x;
        lobeDir[1] = cosT * ay + c * t1y + s * t2y;
        lobeDir[2] = cosT * az + c * t1z + s * t2z;
        return lobeDir[0] * sx + lobeDir[1] * sy + lobeDir[2] * sz > 0f;
    }
}
