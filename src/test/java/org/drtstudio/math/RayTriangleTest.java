package org.drtstudio.math;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The one Möller–Trumbore: analytic hits, barycentrics, and the misses it reports as NaN. */
class RayTriangleTest {
    /** The triangle (0,0,0), (1,0,0), (0,1,0) as v0 and edges, hit by a ray down -z from (x, y, 2). */
    private static float down(float x, float y, float[] uv) {
        return RayTriangle.intersect(0, 0, 0, 1, 0, 0, 0, 1, 0, x, y, 2, 0, 0, -1, uv);
    }

    @Test
    void aRayThroughTheInsideHitsAtItsDistanceWithTheBarycentricsOfThePoint() {
        float[] uv = new float[2];
        assertEquals(2f, down(0.25f, 0.5f, uv), 1e-6f);
        assertEquals(0.25f, uv[0], 1e-6f, "u weighs v1 = (1,0,0): the x of the point");
        assertEquals(0.5f, uv[1], 1e-6f, "v weighs v2 = (0,1,0): the y of the point");
    }

    @Test
    void tIsInUnitsOfTheDirectionsLengthAndMayBeNegative() {
        assertEquals(1f, RayTriangle.intersect(0, 0, 0, 1, 0, 0, 0, 1, 0, 0.1f, 0.1f, 2, 0, 0, -2, null), 1e-6f);
        assertEquals(-2f, RayTriangle.intersect(0, 0, 0, 1, 0, 0, 0, 1, 0, 0.1f, 0.1f, 2, 0, 0, 1, null), 1e-6f,
                "behind the origin: the caller bounds t");
    }

    @Test
    void outsideTheEdgesOrParallelToThePlaneIsAMiss() {
        float[] uv = {7, 7};
        assertTrue(Float.isNaN(down(0.6f, 0.6f, uv)), "u + v > 1");
        assertTrue(Float.isNaN(down(-0.1f, 0.5f, uv)), "u < 0");
        assertTrue(Float.isNaN(down(0.5f, -0.1f, uv)), "v < 0");
        assertArrayEquals(new float[]{7, 7}, uv, "a miss leaves uv alone");
        assertTrue(Float.isNaN(RayTriangle.intersect(0, 0, 0, 1, 0, 0, 0, 1, 0, 0.1f, 0.1f, 1, 1, 0, 0, null)), "parallel");
    }
}
