package org.drtstudio.render.denoise;

import org.drtstudio.render.DenoiseInput;

/**
 * Which pixels the guide pass traces more camera samples for: those on an edge of the guides.
 * Where every sample of a pixel and of its neighbours sees one surface (a flat floor, the inside of
 * a checker square), the guides of the radiance's own samples are already exact, and more samples
 * would change nothing; where an edge crosses a pixel (a silhouette, a checker or texture edge, a
 * defocused edge), the denoiser remodulates the pixel by its albedo guide, so the guide's
 * coverage noise is what is left there. So, when the trace passes summed the guides of the
 * radiance's samples ({@link GuideSums}), the guide pass first <em>probes</em> the pixel: it traces
 * sample 0 of each of its eight neighbours (what a neighbour sees does not depend on which
 * renderer or window traced it, so a frame split over devices or tiles decides alike) and compares
 * that sample's guide with the pixel's own averaged guides; a pixel partly covered, or unlike any
 * probe beyond {@link #ALBEDO}, {@link #NORMAL} or {@link #DEPTH}, is on an edge and gets guides of
 * {@link #samples} camera samples, the others keep their own.
 *
 * <p>Measured on the noise scenes of docs/RESULTS.md (160×120, 16 spp, seeds 1–2, denoised RMSE):
 * about a quarter of the pixels are on an edge, and guides of 128 samples there gave within 2 % of
 * guides of 128 samples everywhere, 7–12 % below the previous 64 everywhere with depth of field and
 * soft shadows, for about 30 % fewer first hits traced by the guide pass; 256 on the edges took
 * another 2–9 % off (seeds 1–4), for about 40 % more first hits than the 64 everywhere. The GLSL twin
 * is {@code shaders/aov.comp} (its {@code probeDiffers}); {@code CpuRenderer} uses this class.
 */
public final class GuideEdges {
    /** A probe whose albedo differs from the pixel's in a channel by more than this marks an edge. */
    public static final float ALBEDO = 0.02f;
    /** ... or whose normal's cosine to the pixel's is below 1 − this (about 8°). */
    public static final float NORMAL = 0.01f;
    /** ... or whose depth differs by more than this fraction of the larger. */
    public static final float DEPTH = 0.05f;
    /** The probed neighbours, in the order both twins probe them. */
    static final int[] DX = {-1, 0, 1, -1, 1, -1, 0, 1}, DY = {-1, -1, -1, 0, 0, 1, 1, 1};

    private GuideEdges() {
    }

    /** {@link GuideBudget#EQUAL_SAMPLES}' samples for a render of {@code spp} samples per pixel: sixteen times the radiance's, at most 256. */
    public static int samples(int spp) {
        return GuideBudget.EQUAL_SAMPLES.samples(spp);
    }

    /**
     * Where a render's guide pass stops: the budget's {@link GuideBudget#samples} when the trace passes
     * summed the guides ({@code summed}; then only pixels on an edge are topped up), else
     * {@link DenoiseInput#guideSamples} for every pixel. Both renderers take it from here.
     */
    public static int guideEnd(GuideBudget budget, int spp, boolean summed) {
        return summed ? budget.samples(spp) : DenoiseInput.guideSamples(spp);
    }

    /** Whether some but not all of a pixel's {@code samples} own samples hit a surface: a silhouette against the background. */
    public static boolean partlyCovered(float hits, float samples) {
        return hits > 0f && hits < samples;
    }

    /** Traces a probe: sample 0 of pixel qx, qy; its guide (normal xyz, albedo rgb) into {@code out}, its distance returned (+Inf for a miss). */
    @FunctionalInterface
    public interface Probe {
        float trace(int qx, int qy, float[] out);
    }

    /**
     * Whether pixel x, y of a {@code width × height} frame is on an edge of the guides: from its own
     * samples' sums ({@link GuideSums}' layout at offset {@code g} of {@code albedoHits} and
     * {@code normalDepth}, {@code own} samples) and the probes of its neighbours inside the frame.
     * {@code scratch}: 12 floats, a probe's guide (0–5) and the pixel's resolved albedo and normal (6–11).
     */
    public static boolean onEdge(float[] albedoHits, float[] normalDepth, int g, float own, int x, int y, int width,
                                 int height, Probe probe, float[] scratch) {
        float hits = albedoHits[g + 3];
        if (partlyCovered(hits, own)) return true;
        float inv = own > 0f ? 1f / own : 0f;
        float nx = normalDepth[g], ny = normalDepth[g + 1], nz = normalDepth[g + 2];
        float length = (float) Math.sqrt(nx * nx + ny * ny + nz * nz);
        float invLength = length > 0f ? 1f / length : 0f;
        scratch[6] = albedoHits[g] * inv;
        scratch[7] = albedoHits[g + 1] * inv;
        scratch[8] = albedoHits[g + 2] * inv;
        scratch[9] = nx * invLength;
        scratch[10] = ny * invLength;
        scratch[11] = nz * invLength;
        float depth = hits > 0f ? normalDepth[g + 3] / hits : Float.POSITIVE_INFINITY;
        for (int k = 0; k < DX.length; k++) {
            int qx = x + DX[k], qy = y + DY[k];
            if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
            float t = probe.trace(qx, qy, scratch);
            if (differs(scratch, 6, depth, scratch, t)) return true;
        }
        return false;
    }

    /**
     * Whether a probe's guide is unlike the pixel's own: one of them hit nothing and the other did,
     * or both hit and the albedo, normal or depth differ beyond the thresholds. The pixel's guides:
     * albedo rgb and unit normal xyz in {@code own} from offset {@code at}, {@code depth} (+Inf when
     * none of its samples hit); the probe's: {@code probe} (normal xyz, albedo rgb, as
     * {@code WhittedIntegrator.firstHit} writes them) at distance {@code probeDepth} (+Inf for a miss).
     */
    public static boolean differs(float[] own, int at, float depth, float[] probe, float probeDepth) {
        boolean hit = depth != Float.POSITIVE_INFINITY, probeHit = probeDepth != Float.POSITIVE_INFINITY;
        if (hit != probeHit) return true;
        if (!hit) return false;
        float da = Math.max(Math.abs(own[at] - probe[3]), Math.max(Math.abs(own[at + 1] - probe[4]),
                Math.abs(own[at + 2] - probe[5])));
        float cos = own[at + 3] * probe[0] + own[at + 4] * probe[1] + own[at + 5] * probe[2];
        return da > ALBEDO || cos < 1f - NORMAL || Math.abs(depth - probeDepth) > DEPTH * Math.max(depth, probeDepth);
    }
}
