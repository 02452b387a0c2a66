package org.drtstudio.render;

import org.drtstudio.accel.ParallelRanges;

/**
 * The denoiser's guides (depth, normal and albedo AOVs) summed over every camera sample a render
 * shades, at the end of the sample's guide chain ({@link #CHAIN_WEIGHT}; the depth at its first
 * hit): both tracers add them in the trace pass itself, from the hit
 * the shading finds anyway, so the guides cost no pass of their own and always describe exactly the
 * samples the radiance has (the GL tracer's {@code shaders/guide_sums.glsl} and {@code CpuRenderer}).
 *
 * <p>Layout, 8 floats per pixel in two RGBA arrays (rows top to bottom), the same on the GPU (two
 * RGBA32F images) and in Java:
 * <ul>
 *   <li>{@code albedoHits}: sum of the chains' albedos (diffuse colour times diffuse texture times the chain's throughput; a
 *       miss adds nothing) r, g, b; the number of samples that hit;</li>
 *   <li>{@code normalDepth}: sum of the chains' shading normals (turned toward the ray) x, y, z;
 *       sum of the first hits' distances from the ray's origin.</li>
 * </ul>
 */
public final class GuideSums {
    /** Floats per pixel in each of the two arrays. */
    public static final int FLOATS = 4;

    /**
     * The guides are those of the surface that ends a camera ray's guide chain: a perfect mirror
     * or glass passes it on to its reflected or refracted ray, the heavier of the two, when that one
     * weighs at least this much (a mostly-specular surface; a plastic's weaker reflection does not).
     * The GLSL twins read it as {@code CHAIN_WEIGHT}. On the noise scenes of docs/RESULTS.md it cut
     * the 16-spp denoised error by 17 % with depth of field and 16 % with soft shadows (their
     * mirror and glass balls, where it had barely fallen, by about a third).
     */
    public static final float CHAIN_WEIGHT = 0.5f;

    private GuideSums() {
    }

    /** {@code sums} plus {@code extra}, element by element, in place (the guide pass's sums added to the trace passes'). */
    public static void add(float[] sums, float[] extra) {
        ParallelRanges.forEach(sums.length, (from, to) -> {
            for (int i = from; i < to; i++) sums[i] += extra[i];
        });
    }

    /**
     * The AOVs of {@link Aov#DEPTH}, {@link Aov#NORMAL} and {@link Aov#ALBEDO} from the sums of
     * {@code samples[i]} camera samples of each pixel: depth the mean over the samples that
     * hit (+Inf when none did), the normal the normalised sum (0 when none hit), the albedo the mean
     * over all samples (a miss counts as black). An output left null is not made.
     */
    public static void resolve(float[] albedoHits, float[] normalDepth, float[] samples, float[] depth, float[] normals,
                               float[] albedo) {
        ParallelRanges.forEach(samples.length, (from, to) -> {
            for (int i = from; i < to; i++) {
                int a = FLOATS * i;
                float hits = albedoHits[a + 3];
                if (depth != null) depth[i] = hits == 0f ? Float.POSITIVE_INFINITY : normalDepth[a + 3] / hits;
                if (normals != null) {
                    float x = normalDepth[a], y = normalDepth[a + 1], z = normalDepth[a + 2];
                    float length = (float) Math.sqrt(x * x + y * y + z * z);
                    float inv = length > 0f ? 1f / length : 0f;
                    normals[3 * i] = x * inv;
                    normals[3 * i + 1] = y * inv;
                    normals[3 * i + 2] = z * inv;
                }
                if (albedo != null) {
                    float inv = samples[i] > 0f ? 1f / samples[i] : 0f;
                    albedo[3 * i] = albedoHits[a] * inv;
                    albedo[3 * i + 1] = albedoHits[a + 1] * inv;
                    albedo[3 * i + 2] = albedoHits[a + 2] * inv;
                }
            }
        });
    }
}
