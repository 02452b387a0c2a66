package org.drtstudio.render.cpu;

/**
 * The environment's light on a diffuse surface, estimated with two rays, and what a ray leaving
 * the scene sees: twin of {@code envRay} in {@code shaders/whitted.glsl}. One per
 * {@link WhittedIntegrator}: its outputs are scratch state.
 */
final class EnvironmentLighting {
    private static final float INV_PI = 0.318309886f;

    /** The environment map, read by brightness-weighted draws and by direction. */
    final EnvironmentSampler sampler;
    private final SampleSeeds seeds;
    private final float[] pairValues = new float[2], disk = new float[2];
    /** Outputs of {@link #ray}: its direction, and the light it brings, weighted, before the diffuse colour. */
    final float[] direction = new float[3], light = new float[3];

    /** @param seeds the integrator's sampler, shared so its per-pixel cache serves both */
    EnvironmentLighting(EnvironmentSampler sampler, SampleSeeds seeds) {
        this.sampler = sampler;
        this.seeds = seeds;
    }

    /**
     * One of the two directions that estimate the environment's light on a diffuse surface,
     * (1/π) ∫ L cos dω over the unblocked directions. k = 0 is drawn from the map by its brightness
     * (a small sun is found every time), k = 1 by cos θ around the shading normal (a large soft sky,
     * where the map's draw scatters); multiple importance sampling with the power heuristic (Veach
     * 1997) weighs each by how likely the other draw was to pick it. Writes the direction to
     * {@link #direction} and what it brings when its shadow ray (without end) comes back unblocked,
     * before the diffuse colour, to {@link #light}; false when no ray is sent. n, ng: the shading and
     * geometric normals on the ray's side.
     */
    boolean ray(int k, float nx, float ny, float nz, float ngx, float ngy, float ngz, int pixel, int sample, int seg) {
        light[0] = light[1] = light[2] = 0f;
        seeds.pair(pixel, sample, Sampling.segmentDimension(seg, Sampling.SLOT_ENVIRONMENT + 2 * k), pairValues);
        return k == 0 ? mapRay(nx, ny, nz, ngx, ngy, ngz) : cosineRay(nx, ny, nz, ngx, ngy, ngz);
    }

    /** The ray drawn from the map by its brightness ({@link #ray}'s k = 0). */
    private boolean mapRay(float nx, float ny, float nz, float ngx, float ngy, float ngz) {
        sampler.sample(pairValues[0], pairValues[1]);
        float lx = sampler.direction[0], ly = sampler.direction[1], lz = sampler.direction[2];
        direction[0] = lx;
        direction[1] = ly;
        direction[2] = lz;
        float cos = nx * lx + ny * ly + nz * lz;
        if (!(sampler.pdf > 0f && cos > 0f && ngx * lx + ngy * ly + ngz * lz > 0f)) return false;
        float ratio = cos * INV_PI / sampler.pdf;
        // The power heuristic p²/(p² + q²) written so a huge density (a bright texel near a pole) gives 1, not ∞/∞.
        float f = ratio / (1f + ratio * ratio);
        light[0] = sampler.radiance[0] * f;
        light[1] = sampler.radiance[1] * f;
        light[2] = sampler.radiance[2] * f;
        return true;
    }

    /** The ray drawn by cos θ around the shading normal ({@link #ray}'s k = 1). */
    private boolean cosineRay(float nx, float ny, float nz, float ngx, float ngy, float ngz) {
        Sampling.concentricDisk(pairValues[0], pairValues[1], disk);
        float up = (float) Math.sqrt(Math.max(0f, 1f - disk[0] * disk[0] - disk[1] * disk[1]));
        float sign = nz >= 0f ? 1f : -1f;
        float a = -1f / (sign + nz), bb = nx * ny * a;
        float t1x = 1f + sign * nx * nx * a, t1y = sign * bb, t1z = -sign * nx;
        float t2x = bb, t2y = sign + ny * ny * a, t2z = -ny;
        float bx = disk[0] * t1x + disk[1] * t2x + up * nx;
        float by = disk[0] * t1y + disk[1] * t2y + up * ny;
        float bz = disk[0] * t1z + disk[1] * t2z + up * nz;
        direction[0] = bx;
        direction[1] = by;
        direction[2] = bz;
        float cos = nx * bx + ny * by + nz * bz;
        if (!(cos > 0f && ngx * bx + ngy * by + ngz * bz > 0f)) return false;
        sampler.lookup(bx, by, bz);
        float ratio = sampler.pdf / (cos * INV_PI);
        // (1/π) L cos / (cos/π) = L, times the power heuristic's weight.
        float w = 1f / (1f + ratio * ratio);
        light[0] = sampler.radiance[0] * w;
        light[1] = sampler.radiance[1] * w;
        light[2] = sampler.radiance[2] * w;
        return true;
    }
}
