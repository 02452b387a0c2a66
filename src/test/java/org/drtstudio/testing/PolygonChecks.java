package org.drtstudio.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks that a triangulation covers its polygon exactly: n - 2 triangles, areas adding up to the
 * polygon's (shoelace) area, every triangle inside the polygon and wound like it.
 */
public final class PolygonChecks {
    private PolygonChecks() {
    }

    /** The polygon in 2-D coordinates of its own plane (Newell normal), u and v per vertex. */
    public static double[][] planar(float[] xyz, int n) {
        double nx = 0, ny = 0, nz = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            nx += (double) (xyz[3 * i + 1] - xyz[3 * j + 1]) * (xyz[3 * i + 2] + xyz[3 * j + 2]);
            ny += (double) (xyz[3 * i + 2] - xyz[3 * j + 2]) * (xyz[3 * i] + xyz[3 * j]);
            nz += (double) (xyz[3 * i] - xyz[3 * j]) * (xyz[3 * i + 1] + xyz[3 * j + 1]);
        }
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (len == 0) {
            nz = 1;
        } else {
            nx /= len;
            ny /= len;
            nz /= len;
        }
        // u: any unit vector perpendicular to n; v = n x u, so (u, v, n) is right-handed and a
        // polygon wound counter-clockwise about n has positive area in (u, v).
        double ax = Math.abs(nx) < 0.9 ? 1 : 0, ay = ax == 1 ? 0 : 1;
        double ux = ay * nz, uy = -ax * nz, uz = ax * ny - ay * nx;
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul;
        uy /= ul;
        uz /= ul;
        double vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
        double[] u = new double[n], v = new double[n];
        for (int i = 0; i < n; i++) {
            double x = xyz[3 * i], y = xyz[3 * i + 1], z = xyz[3 * i + 2];
            u[i] = x * ux + y * uy + z * uz;
            v[i] = x * vx + y * vy + z * vz;
        }
        return new double[][]{u, v};
    }

    /** Signed shoelace area (positive for counter-clockwise). */
    public static double signedArea(double[] u, double[] v) {
        double a = 0;
        for (int i = 0; i < u.length; i++) {
            int j = (i + 1) % u.length;
            a += u[i] * v[j] - u[j] * v[i];
        }
        return a / 2;
    }

    /** Even-odd point-in-polygon test. */
    public static boolean inside(double[] u, double[] v, double pu, double pv) {
        boolean in = false;
        for (int i = 0, j = u.length - 1; i < u.length; j = i++) {
            if ((v[i] > pv) != (v[j] > pv) && pu < (u[j] - u[i]) * (pv - v[i]) / (v[j] - v[i]) + u[i]) in = !in;
        }
        return in;
    }

    /**
     * Asserts that {@code triangles} (corner indices 0..n-1) triangulate the simple polygon exactly.
     */
    public static void assertCovers(float[] xyz, int n, int[] triangles) {
        assertEquals(3 * (n - 2), triangles.length, "n - 2 triangles");
        double[][] p = planar(xyz, n);
        double[] u = p[0], v = p[1];
        double polygonArea = signedArea(u, v);
        double sum = 0;
        for (int t = 0; t < triangles.length; t += 3) {
            int a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
            assertTrue(a >= 0 && a < n && b >= 0 && b < n && c >= 0 && c < n, "corner index out of range");
            assertTrue(a != b && b != c && a != c, "triangle repeats a corner");
            double area = ((u[b] - u[a]) * (v[c] - v[a]) - (v[b] - v[a]) * (u[c] - u[a])) / 2;
            double scale = Math.abs(polygonArea) + 1e-12;
            // Same winding as the polygon (signed areas of equal sign), up to rounding.
            assertTrue(area * Math.signum(polygonArea) >= -1e-6 * scale, "triangle " + t / 3 + " is wound against the polygon");
            sum += Math.abs(area);
            if (Math.abs(area) > 1e-6 * scale) {
                double cu = (u[a] + u[b] + u[c]) / 3, cv = (v[a] + v[b] + v[c]) / 3;
                assertTrue(inside(u, v, cu, cv), "triangle " + t / 3 + " (" + a + "," + b + "," + c + ") lies outside the polygon");
            }
        }
        assertEquals(Math.abs(polygonArea), sum, 1e-4 * Math.abs(polygonArea) + 1e-9, "triangle areas add up to the polygon area");
    }
}
