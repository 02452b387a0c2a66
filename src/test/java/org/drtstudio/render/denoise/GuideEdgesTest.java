package org.drtstudio.render.denoise;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When the guide pass counts a pixel as on an edge of the guides ({@link GuideEdges}). */
class GuideEdgesTest {
    private static final float INF = Float.POSITIVE_INFINITY;

    /** Own sums of 16 samples on a grey floor facing up, 5 away: albedo 0.5, normal +y. */
    private static final float[] ALBEDO_HITS = {8f, 8f, 8f, 16f}, NORMAL_DEPTH = {0f, 16f, 0f, 80f};

    private static boolean onEdge(GuideEdges.Probe probe) {
        return GuideEdges.onEdge(ALBEDO_HITS, NORMAL_DEPTH, 0, 16f, 5, 5, 10, 10, probe, new float[12]);
    }

    private static GuideEdges.Probe floor(float albedo, float ny, float depth) {
        return (qx, qy, out) -> {
            out[0] = 0f;
            out[1] = ny;
            out[2] = (float) Math.sqrt(1 - ny * ny);
            out[3] = out[4] = out[5] = albedo;
            return depth;
        };
    }

    @Test
    void aPixelLikeAllItsNeighboursIsOffTheEdges() {
        assertFalse(onEdge(floor(0.5f, 1f, 5f)));
        assertFalse(onEdge(floor(0.51f, 0.995f, 5.2f)), "within the thresholds");
    }

    @Test
    void anyNeighbourUnlikeItPutsItOnAnEdge() {
        assertTrue(onEdge(floor(0.45f, 1f, 5f)), "albedo");
        assertTrue(onEdge(floor(0.5f, 0.98f, 5f)), "normal");
        assertTrue(onEdge(floor(0.5f, 1f, 5.5f)), "depth");
        assertTrue(onEdge(floor(0.5f, 1f, INF)), "the background");
        int[] probes = {0};
        GuideEdges.Probe oneCorner = (qx, qy, out) -> {
            probes[0]++;
            return qx == 6 && qy == 6 ? INF : floor(0.5f, 1f, 5f).trace(qx, qy, out);
        };
        assertTrue(onEdge(oneCorner));
        assertEquals(8, probes[0], "the last of the eight neighbours");
    }

    @Test
    void partCoverageOrTheFramesBorderDecideWithoutTheMissingNeighbours() {
        assertTrue(GuideEdges.onEdge(new float[]{4f, 4f, 4f, 8f}, new float[]{0f, 8f, 0f, 40f}, 0, 16f, 5, 5, 10, 10,
                floor(0.5f, 1f, 5f), new float[12]), "half the samples hit nothing");
        int[] probes = {0};
        GuideEdges.Probe counting = (qx, qy, out) -> {
            probes[0]++;
            return floor(0.5f, 1f, 5f).trace(qx, qy, out);
        };
        assertFalse(GuideEdges.onEdge(ALBEDO_HITS, NORMAL_DEPTH, 0, 16f, 0, 0, 10, 10, counting, new float[12]));
        assertEquals(3, probes[0], "a corner pixel has three neighbours in the frame");
    }

    @Test
    void edgePixelsTakeSixteenTimesTheSamplesUpTo256() {
        assertEquals(1, GuideEdges.samples(1));
        assertEquals(64, GuideEdges.samples(4));
        assertEquals(256, GuideEdges.samples(16));
        assertEquals(256, GuideEdges.samples(1000));
    }
}
