package org.drtstudio.math;

import org.drtstudio.testing.PolygonChecks;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PolygonTriangulatorTest {

    private static float[] xy(double... coords) {
        int n = coords.length / 2;
        float[] xyz = new float[3 * n];
        for (int i = 0; i < n; i++) {
            xyz[3 * i] = (float) coords[2 * i];
            xyz[3 * i + 1] = (float) coords[2 * i + 1];
        }
        return xyz;
    }

    private static float[] reversed(float[] xyz) {
        int n = xyz.length / 3;
        float[] r = new float[xyz.length];
        for (int i = 0; i < n; i++) System.arraycopy(xyz, 3 * (n - 1 - i), r, 3 * i, 3);
        return r;
    }

    private static void check(float[] xyz) {
        int n = xyz.length / 3;
        PolygonChecks.assertCovers(xyz, n, PolygonTriangulator.triangulate(xyz, n));
    }

    @Test
    void triangleIsReturnedAsIs() {
        assertEquals(3, PolygonTriangulator.triangulate(xy(0, 0, 1, 0, 0, 1), 3).length);
        check(xy(0, 0, 1, 0, 0, 1));
    }

    @Test
    void fewerThanThreeVerticesIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> PolygonTriangulator.triangulate(xy(0, 0, 1, 1), 2));
    }

    @Test
    void convexPolygons() {
        check(xy(0, 0, 1, 0, 1, 1, 0, 1));
        float[] circle = new float[3 * 40];
        for (int i = 0; i < 40; i++) {
            circle[3 * i] = (float) Math.cos(2 * Math.PI * i / 40);
            circle[3 * i + 1] = (float) Math.sin(2 * Math.PI * i / 40);
        }
        check(circle);
        check(reversed(circle));
    }

    @Test
    void lShapeInBothWindings() {
        float[] l = xy(0, 0, 2, 0, 2, 1, 1, 1, 1, 3, 0, 3);
        check(l);
        check(reversed(l));
        double[][] p = PolygonChecks.planar(l, 6);
        assertEquals(4.0, Math.abs(PolygonChecks.signedArea(p[0], p[1])), 1e-6);
    }

    @Test
    void starWithReflexCornerFirst() {
        // Start at an inner (reflex) vertex so the first corner is not an ear.
        int points = 7;
        float[] star = new float[3 * 2 * points];
        for (int i = 0; i < 2 * points; i++) {
            double r = i % 2 == 0 ? 0.4 : 1.0;
            double a = Math.PI * i / points;
            star[3 * i] = (float) (r * Math.cos(a));
            star[3 * i + 1] = (float) (r * Math.sin(a));
        }
        check(star);
        check(reversed(star));
    }

    @Test
    void gearLikeComb() {
        // A comb with 20 deep teeth: a fan from any vertex would cover the gaps between teeth.
        int teeth = 20;
        double[] c = new double[2 * (4 * teeth + 2)];
        int k = 0;
        for (int t = 0; t < teeth; t++) {
            double x = 2 * t;
            c[k++] = x;     c[k++] = 0;
            c[k++] = x + 1; c[k++] = 0;
            c[k++] = x + 1; c[k++] = -5;
            c[k++] = x + 2; c[k++] = -5;
        }
        c[k++] = 2 * teeth; c[k++] = 3;
        c[k++] = 0;         c[k++] = 3;
        float[] comb = xy(c);
        check(comb);
        check(reversed(comb));

        // The check has teeth: a fan from vertex 0 covers the gaps and must be rejected.
        int n = comb.length / 3;
        int[] fan = new int[3 * (n - 2)];
        for (int i = 0; i < n - 2; i++) {
            fan[3 * i] = 0;
            fan[3 * i + 1] = i + 1;
            fan[3 * i + 2] = i + 2;
        }
        assertThrows(AssertionFailedError.class, () -> PolygonChecks.assertCovers(comb, n, fan));
    }

    @Test
    void tiltedPlaneIn3d() {
        // The L shape rotated out of the xy plane: projection must use the polygon's own plane.
        float[] l = xy(0, 0, 2, 0, 2, 1, 1, 1, 1, 3, 0, 3);
        float[] tilted = new float[l.length];
        double c = Math.cos(1.1), s = Math.sin(1.1);
        for (int i = 0; i < 6; i++) {
            double x = l[3 * i], y = l[3 * i + 1];
            tilted[3 * i] = (float) x;
            tilted[3 * i + 1] = (float) (y * c);
            tilted[3 * i + 2] = (float) (y * s + 0.25 * x);
        }
        check(tilted);
    }

    @Test
    void degenerateInputStillGivesNMinus2Triangles() {
        int[] collinear = PolygonTriangulator.triangulate(xy(0, 0, 1, 0, 2, 0, 3, 0, 4, 0), 5);
        assertEquals(9, collinear.length);
        int[] repeated = PolygonTriangulator.triangulate(xy(0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1), 6);
        assertEquals(12, repeated.length);
        int[] allSame = PolygonTriangulator.triangulate(new float[3 * 7], 7);
        assertEquals(15, allSame.length);
        // A square with extra collinear points along its edges still covers the square.
        check(xy(0, 0, 0.5, 0, 1, 0, 1, 0.5, 1, 1, 0.5, 1, 0, 1, 0, 0.5));
    }

    private static float[] randomPolygon(Random random, int n) {
        float[] xyz = new float[3 * n];
        for (int i = 0; i < xyz.length; i++) xyz[i] = random.nextFloat();
        return xyz;
    }

    /** Real polygons, small and large, concave or not, are clipped within the budget as without one. */
    @Test
    void theBudgetClipsRealPolygonsAsWithout() {
        EarClipBudget budget = new EarClipBudget();
        float[] comb = xy(0, 0, 1, 0, 1, -5, 2, -5, 2, 0, 3, 0, 3, -5, 4, -5, 4, 0, 5, 0, 5, -5, 6, -5, 6, 3, 0, 3);
        int n = 3000;
        float[] circle = new float[3 * n];
        for (int i = 0; i < n; i++) {
            circle[3 * i] = (float) Math.cos(2 * Math.PI * i / n);
            circle[3 * i + 1] = (float) Math.sin(2 * Math.PI * i / n);
        }
        for (int round = 0; round < 3; round++) {
            assertArrayEquals(PolygonTriangulator.triangulate(comb, 14), budget.triangulate(comb, 14, round));
            assertArrayEquals(PolygonTriangulator.triangulate(circle, n), budget.triangulate(circle, n, round));
        }
        assertEquals(0, budget.fanned());
        assertEquals(null, budget.warning("x"));
    }

    /**
     * Polygons of random corners take far more steps than real ones (160M for 4,096 corners): the
     * budget stops them, so the whole file's ear clipping is bounded by its base and its corners,
     * and they are fanned; polygons of few corners are still clipped.
     */
    @Test
    void theBudgetBoundsTheWorkOfRandomPolygonsAndFansThem() {
        Random random = new Random(1);
        EarClipBudget budget = new EarClipBudget();
        long allowed = EarClipBudget.BASE_STEPS;
        for (int p = 0; p < 5; p++) {
            int n = 4096;
            float[] xyz = randomPolygon(random, n);
            allowed += EarClipBudget.STEPS_PER_CORNER * n;
            int[] t = budget.triangulate(xyz, n, 7 + p);
            assertArrayEquals(PolygonTriangulator.fan(n), t);
            assertEquals(0, budget.stepsLeft(), "the budget is spent to zero by a polygon it cannot pay for");
        }
        assertTrue(allowed < 20_000_000, "the work the budget allowed for 5 polygons: " + allowed);
        assertEquals(5, budget.fanned());
        assertEquals(7, budget.firstFanned());
        assertTrue(budget.warning("face 7").startsWith("face 7 (4096 corners) and 4 later polygons triangulated as fans"));
        float[] small = xy(0, 0, 2, 0, 2, 2, 1, 1, 0, 2);
        assertArrayEquals(PolygonTriangulator.triangulate(small, 5), budget.triangulate(small, 5, 99));
        assertEquals(5, budget.fanned());
    }

    @Test
    void randomSelfIntersectingGarbageFinishesWithNMinus2Triangles() {
        Random random = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            int n = 3 + random.nextInt(60);
            float[] xyz = new float[3 * n];
            for (int i = 0; i < xyz.length; i++) xyz[i] = random.nextFloat();
            int[] t = PolygonTriangulator.triangulate(xyz, n);
            assertEquals(3 * (n - 2), t.length);
            for (int i : t) assertTrue(i >= 0 && i < n);
        }
    }
}
