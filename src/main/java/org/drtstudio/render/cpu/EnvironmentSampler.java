package org.drtstudio.render.cpu;

import org.drtstudio.accel.EnvironmentMap;

/**
 * Reads an {@link EnvironmentMap}: the radiance a direction sees, the density of drawing that
 * direction, and directions drawn in proportion to the map's brightness. Twin of
 * {@code shaders/environment.glsl}, the same float operations in the same order (the trigonometry
 * aside, which GLSL leaves to the driver). One instance per thread: it owns its outputs.
 */
final class EnvironmentSampler {
    /** 2π and 2π², as the GLSL spells them. */
    static final float TWO_PI = 6.283185307f, TWO_PI_SQUARED = 19.7392088f;

    private final float[] data;
    private final int width, height, marginal, conditional, stride;
    private final float cosYaw, sinYaw, strength;
    /** Output of {@link #lookup} and {@link #sample}: radiance rgb (strength applied), the density per steradian. */
    final float[] radiance = new float[3];
    float pdf;
    /** Output of {@link #sample}: the world direction drawn. */
    final float[] direction = new float[3];

    EnvironmentSampler(EnvironmentMap map) {
        this.data = map.data();
        this.width = map.width();
        this.height = map.height();
        this.marginal = map.marginalOffset();
        this.conditional = map.conditionalOffset();
        this.stride = map.rowStride();
        this.cosYaw = map.cosYaw();
        this.sinYaw = map.sinYaw();
        this.strength = map.strength();
    }

    /** The radiance along world direction d (unit) and the density {@link #sample} draws it with, into {@link #radiance}, {@link #pdf}. */
    void lookup(float dx, float dy, float dz) {
        // Into the map's frame: the inverse of the turn about +y.
        float mx = cosYaw * dx - sinYaw * dz;
        float mz = sinYaw * dx + cosYaw * dz;
        float my = Math.max(-1f, Math.min(1f, dy));
        float u = 0.5f + (float) Math.atan2(mx, mz) * (1f / TWO_PI);
        float theta = (float) Math.acos(my);
        int column = Math.min(Math.max((int) (u * width), 0), width - 1);
        int row = Math.min(Math.max((int) (theta * (1f / 3.141592654f) * height), 0), height - 1);
        float sinTheta = (float) Math.sqrt(Math.max(0f, 1f - my * my));
        texel(row, column, sinTheta);
    }

    /**
     * Draws a direction from uniform numbers (u1, u2): a row by the rows' distribution, a column by
     * that row's, a point inside the texel by the remainders. Writes {@link #direction},
     * {@link #radiance} and {@link #pdf} (0 at a pole, where the density is unbounded: the caller skips it).
     */
    void sample(float u1, float u2) {
        int row = search(marginal, height, u1);
        float r0 = data[marginal + row], r1 = data[marginal + row + 1];
        float dv = r1 > r0 ? (u1 - r0) / (r1 - r0) : 0.5f;
        int rowStart = conditional + row * stride;
        int column = search(rowStart, width, u2);
        float c0 = data[rowStart + column], c1 = data[rowStart + column + 1];
        float du = c1 > c0 ? (u2 - c0) / (c1 - c0) : 0.5f;
        float theta = ((float) row + dv) * (1f / height) * 3.141592654f;
        float phi = (((float) column + du) * (1f / width) - 0.5f) * TWO_PI;
        float sinTheta = (float) Math.sin(theta);
        float mx = sinTheta * (float) Math.sin(phi), my = (float) Math.cos(theta), mz = sinTheta * (float) Math.cos(phi);
        direction[0] = cosYaw * mx + sinYaw * mz;
        direction[1] = my;
        direction[2] = -sinYaw * mx + cosYaw * mz;
        texel(row, column, sinTheta);
    }

    /** The texel's radiance and the density per steradian of directions at sin θ inside it. */
    private void texel(int row, int column, float sinTheta) {
        int t = 4 * (row * width + column);
        radiance[0] = strength * data[t];
        radiance[1] = strength * data[t + 1];
        radiance[2] = strength * data[t + 2];
        pdf = sinTheta > 0f ? data[t + 3] / (TWO_PI_SQUARED * sinTheta) : 0f;
    }

    /** The last index i in [0, n) of the cumulative table at {@code start} with table[i] ≤ u (u in [0, 1)). */
    private int search(int start, int n, float u) {
        int lo = 0, hi = n;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (data[start + mid] <= u) lo = mid;
            else hi = mid;
        }
        return lo;
    }
}
