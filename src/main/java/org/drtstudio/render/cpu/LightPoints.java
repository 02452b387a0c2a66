package org.drtstudio.render.cpu;

import static org.drtstudio.accel.GeometryImageLayout.LIGHT_RECTANGLE;
import static org.drtstudio.accel.GeometryImageLayout.LIGHT_TEXELS;
import static org.drtstudio.accel.GeometryImageLayout.LightField;

/**
 * The points shadow rays aim at: a sampled point of a light (soft shadows), and the light nearest
 * a point ({@code ShadowLights.NEAREST}). Twin of {@code samplePointOnLight} and {@code nearestLight} in
 * {@code shaders/whitted.glsl}. One per {@link WhittedIntegrator}: its output is scratch state.
 */
final class LightPoints {
    private final float[] lights;
    private final int lightCount;
    private final SampleSeeds seeds;
    private final float[] pairValues = new float[2], disk = new float[2];
    /** Output of {@link #sample}: the point, xyz. */
    final float[] point = new float[3];

    /** @param seeds the integrator's sampler, shared so its per-pixel cache serves both */
    /** The lights there are points on. */
    int count() {
        return lightCount;
    }

    LightPoints(float[] lights, int lightCount, SampleSeeds seeds) {
        this.lights = lights;
        this.lightCount = lightCount;
        this.seeds = seeds;
    }

    /** The light whose position (a sphere's centre, a rectangle's) is nearest (x, y, z); the lower index on a tie. */
    int nearest(float x, float y, float z) {
        int nearest = 0;
        float best = Float.POSITIVE_INFINITY;
        for (int l = 0; l < lightCount; l++) {
            int lo = 4 * LIGHT_TEXELS * l;
            float dx = lights[lo] - x, dy = lights[lo + 1] - y, dz = lights[lo + 2] - z;
            float d2 = dx * dx + dy * dy + dz * dz;
            if (d2 < best) {
                best = d2;
                nearest = l;
            }
        }
        return nearest;
    }

    /**
     * A point of the light at offset lo, seen from (sx, sy, sz), into {@link #point}: uniform over a
     * rectangle; for a sphere uniform over its disk as seen from the shading point (the light's
     * silhouette); the centre for radius 0.
     */
    void sample(int lo, float sx, float sy, float sz, int pixel, int sample, int dimension) {
        float cx = lights[lo + LightField.POSITION], cy = lights[lo + LightField.POSITION + 1], cz = lights[lo + LightField.POSITION + 2];
        float radius = lights[lo + LightField.RADIUS];
        point[0] = cx;
        point[1] = cy;
        point[2] = cz;
        if (Float.floatToRawIntBits(lights[lo + LightField.SHAPE]) == LIGHT_RECTANGLE) {
            seeds.pair(pixel, sample, dimension, pairValues);
            float u = pairValues[0] - 0.5f;
            float v = pairValues[1] - 0.5f;
            point[0] = cx + u * lights[lo + LightField.EDGE_U] + v * lights[lo + LightField.EDGE_V];
            point[1] = cy + u * lights[lo + LightField.EDGE_U + 1] + v * lights[lo + LightField.EDGE_V + 1];
            point[2] = cz + u * lights[lo + LightField.EDGE_U + 2] + v * lights[lo + LightField.EDGE_V + 2];
            return;
        }
        if (!(radius > 0f)) return;
        float ax = cx - sx, ay = cy - sy, az = cz - sz;
        float inv = 1f / (float) Math.sqrt(ax * ax + ay * ay + az * az);
        if (!Float.isFinite(inv)) return;
        ax *= inv; ay *= inv; az *= inv;
        // Branchless orthonormal basis around the axis (Duff et al. 2017).
        float sign = az >= 0f ? 1f : -1f;
        float a = -1f / (sign + az), bb = ax * ay * a;
        float t1x = 1f + sign * ax * ax * a, t1y = sign * bb, t1z = -sign * ax;
        float t2x = bb, t2y = sign + ay * ay * a, t2z = -ay;
        seeds.pair(pixel, sample, dimension, pairValues);
        Sampling.concentricDisk(pairValues[0], pairValues[1], disk);
        point[0] = cx + radius * (disk[0] * t1x + disk[1] * t2x);
        point[1] = cy + radius * (disk[0] * t1y + disk[1] * t2y);
        point[2] = cz + radius * (disk[0] * t1z + disk[1] * t2z);
    }
}
