package org.drtstudio.accel.grid;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The separating-axis test against two brute-force answers: points sampled over the triangle (one
 * inside the box proves overlap), and the triangle clipped by the box's six planes (a polygon left
 * over proves overlap, nothing left proves there is none). Cases within a hair of touching are judged
 * by clipping against the box grown and shrunk by that hair, so rounding cannot decide them.
 */
class TriangleBoxOverlapTest {

    @Test
    void agreesWithSamplingAndClippingOnRandomTriangles() {
        Random rnd = new Random(42);
        int overlapping = 0, apart = 0, boxesOnly = 0;
        for (int trial = 0; trial < 20_000; trial++) {
            double scale = Math.pow(10, rnd.nextInt(5) - 2);
            float[] t = new float[9];
            for (int k = 0; k < 9; k++) t[k] = (float) ((rnd.nextDouble() * 2 - 1) * scale);
            double[] c = new double[3], h = new double[3];
            for (int a = 0; a < 3; a++) {
                c[a] = (rnd.nextDouble() * 2.4 - 1.2) * scale;
                h[a] = rnd.nextDouble() * 0.6 * scale;
            }
            boolean sat = TriangleBoxOverlap.overlaps(t, 0, c, h);
            double hair = 1e-9 * scale;
            boolean surelyIn = clipLeavesSomething(t, c, h, -hair), surelyOut = !clipLeavesSomething(t, c, h, hair);
            if (surelyIn) assertTrue(sat, "clipping keeps part of the triangle, the test says apart: trial " + trial);
            if (surelyOut) assertFalse(sat, "clipping removes the whole triangle, the test says overlap: trial " + trial);
            if (sampleInside(t, c, h, 40)) assertTrue(sat, "a sampled point lies inside, the test says apart: trial " + trial);
            if (sat) overlapping++;
            else apart++;
            if (!sat && boundsOverlap(t, c, h)) boxesOnly++;
        }
        // The random cases exercise both answers, and the case the exact test exists for: the
        // triangle's box meets the box while the triangle does not.
        assertTrue(overlapping > 1_500 && apart > 1_500, overlapping + " overlapping, " + apart + " apart");
        assertTrue(boxesOnly > 1_000, "cases the bounding-box test lists and the exact test does not: " + boxesOnly);
    }

    @Test
    void aDiagonalTriangleMissesTheCornerOfItsBounds() {
        float[] t = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        assertFalse(TriangleBoxOverlap.overlaps(t, 0, new double[]{0.9, 0.9, 0}, new double[]{0.1, 0.1, 0.1}));
        assertTrue(TriangleBoxOverlap.overlaps(t, 0, new double[]{0.45, 0.45, 0}, new double[]{0.1, 0.1, 0.1}));
    }

    @Test
    void aTrianglePiercingTheBoxWithNoCornerInsideOverlaps() {
        // A big triangle in the plane z = 0.5 through a unit box: no corner, no edge inside.
        float[] t = {-10, -10, 0.5f, 30, -10, 0.5f, -10, 30, 0.5f};
        assertTrue(TriangleBoxOverlap.overlaps(t, 0, new double[]{0.5, 0.5, 0.5}, new double[]{0.5, 0.5, 0.5}));
        // The same plane tilted so it passes just beside the box's corner: only the normal axis separates.
        float[] tilted = {3.1f, 0, 0, 0, 3.1f, 0, 0, 0, 3.1f};
        assertFalse(TriangleBoxOverlap.overlaps(tilted, 0, new double[]{0.5, 0.5, 0.5}, new double[]{0.5, 0.5, 0.5}));
        float[] touching = {2.9f, 0, 0, 0, 2.9f, 0, 0, 0, 2.9f};
        assertTrue(TriangleBoxOverlap.overlaps(touching, 0, new double[]{0.5, 0.5, 0.5}, new double[]{0.5, 0.5, 0.5}));
    }

    @Test
    void touchingCountsAndDegenerateTrianglesAreTestedAsSegments() {
        float[] onFace = {1, 0.2f, 0.2f, 1, 0.8f, 0.2f, 1, 0.2f, 0.8f};
        assertTrue(TriangleBoxOverlap.overlaps(onFace, 0, new double[]{0.5, 0.5, 0.5}, new double[]{0.5, 0.5, 0.5}));
        float[] segment = {0, 0, 0, 1, 1, 0, 2, 2, 0};
        assertTrue(TriangleBoxOverlap.overlaps(segment, 0, new double[]{1, 1, 0}, new double[]{0.1, 0.1, 0.1}));
        assertFalse(TriangleBoxOverlap.overlaps(segment, 0, new double[]{1.5, 0.5, 0}, new double[]{0.2, 0.2, 0.2}));
    }

    static boolean boundsOverlap(float[] t, double[] c, double[] h) {
        for (int a = 0; a < 3; a++) {
            double lo = Math.min(t[a], Math.min(t[3 + a], t[6 + a])), hi = Math.max(t[a], Math.max(t[3 + a], t[6 + a]));
            if (lo > c[a] + h[a] || hi < c[a] - h[a]) return false;
        }
        return true;
    }

    /** Points on an n×n barycentric lattice of the triangle, corners and edges included. */
    static boolean sampleInside(float[] t, double[] c, double[] h, int n) {
        for (int i = 0; i <= n; i++)
            for (int j = 0; i + j <= n; j++) {
                double u = (double) i / n, v = (double) j / n, w = 1 - u - v;
                boolean inside = true;
                for (int a = 0; a < 3 && inside; a++) {
                    double p = w * t[a] + u * t[3 + a] + v * t[6 + a];
                    inside = Math.abs(p - c[a]) <= h[a];
                }
                if (inside) return true;
            }
        return false;
    }

    /** Sutherland–Hodgman: the triangle clipped by the box grown by {@code grow} on every side; true if anything is left. */
    static boolean clipLeavesSomething(float[] t, double[] c, double[] h, double grow) {
        List<double[]> poly = new ArrayList<>();
        for (int k = 0; k < 3; k++) poly.add(new double[]{t[3 * k], t[3 * k + 1], t[3 * k + 2]});
        for (int a = 0; a < 3; a++)
            for (int side = -1; side <= 1; side += 2) {
                double limit = c[a] + side * (h[a] + grow);
                List<double[]> out = new ArrayList<>();
                for (int k = 0; k < poly.size(); k++) {
                    double[] p = poly.get(k), q = poly.get((k + 1) % poly.size());
                    double dp = side * (limit - p[a]), dq = side * (limit - q[a]); // ≥ 0: inside this plane
                    if (dp >= 0) out.add(p);
                    if ((dp >= 0) != (dq >= 0)) {
                        double s = dp / (dp - dq);
                        out.add(new double[]{p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1]), p[2] + s * (q[2] - p[2])});
                    }
                }
                poly = out;
                if (poly.isEmpty()) return false;
            }
        return true;
    }
}
