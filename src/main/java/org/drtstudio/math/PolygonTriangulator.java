package org.drtstudio.math;

/**
 * Triangulates a simple planar polygon in 3-D, convex or concave, by ear clipping in the plane of
 * its Newell normal. A fan would fill the gaps between the teeth of the 144-vertex gear faces of
 * SPD's gears scenes; ear clipping does not. Output triangles keep the polygon's winding.
 *
 * <p>Degenerate input (collinear runs, repeated points, slight self-intersections) never fails: when
 * no proper ear is left the most convex remaining corner is clipped, so every polygon of n ≥ 3
 * vertices yields exactly n - 2 triangles.
 *
 * <p>The work is counted in steps (a corner tested against a candidate ear, or looked at for the most
 * convex one) so that {@link EarClipBudget} can stop it: a real polygon costs about n²/2 steps (10k
 * for a 144-corner gear face), corners at random far more (160M steps, 1.1 s, for 4,096 of them),
 * at worst about n³/3.
 */
public final class PolygonTriangulator {
    /** Steps taken so far by the polygon being triangulated. */
    private long steps;

    private PolygonTriangulator() {
    }

    /**
     * @param xyz vertex coordinates, x,y,z per vertex, at least {@code 3 * n} values
     * @param n   vertex count, ≥ 3
     * @return corner indices 0..n-1, three per triangle, n - 2 triangles
     */
    public static int[] triangulate(float[] xyz, int n) {
        return new PolygonTriangulator().earClip(xyz, n, Long.MAX_VALUE);
    }

    /**
     * As {@link #triangulate(float[], int)} within what {@code budget} has left: the steps taken are
     * spent from it, and when they would be more than it has, it is spent to zero and null returned.
     */
    static int[] triangulate(float[] xyz, int n, EarClipBudget budget) {
        PolygonTriangulator t = new PolygonTriangulator();
        int[] out = t.earClip(xyz, n, budget.stepsLeft());
        budget.spend(out == null ? budget.stepsLeft() : t.steps);
        return out;
    }

    /** Corner indices of a fan from corner 0, n - 2 triangles: right for convex polygons only. */
    static int[] fan(int n) {
        int[] out = new int[3 * (n - 2)];
        for (int i = 1; i + 1 < n; i++) {
            out[3 * i - 3] = 0;
            out[3 * i - 2] = i;
            out[3 * i - 1] = i + 1;
        }
        return out;
    }

    /** The triangles, or null once more than {@code maxSteps} steps would be needed. */
    private int[] earClip(float[] xyz, int n, long maxSteps) {
        if (n < 3) throw new IllegalArgumentException("a polygon needs at least 3 vertices, got " + n);
        int[] out = new int[3 * (n - 2)];
        if (n == 3) {
            out[0] = 0; out[1] = 1; out[2] = 2;
            return out;
        }
        // Newell's method gives a robust normal even for concave or slightly non-planar polygons.
        double nx = 0, ny = 0, nz = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double xi = xyz[3 * i], yi = xyz[3 * i + 1], zi = xyz[3 * i + 2];
            double xj = xyz[3 * j], yj = xyz[3 * j + 1], zj = xyz[3 * j + 2];
            nx += (yi - yj) * (zi + zj);
            ny += (zi - zj) * (xi + xj);
            nz += (xi - xj) * (yi + yj);
        }
        // Project onto the plane that drops the normal's dominant axis; flip so the polygon is CCW in 2-D.
        int drop = Math.abs(nx) > Math.abs(ny) ? (Math.abs(nx) > Math.abs(nz) ? 0 : 2) : (Math.abs(ny) > Math.abs(nz) ? 1 : 2);
        int ua = drop == 0 ? 1 : 0, va = drop == 2 ? 1 : 2;
        double sign = drop == 0 ? nx : drop == 1 ? -ny : nz;
        double[] u = new double[n], v = new double[n];
        for (int i = 0; i < n; i++) {
            u[i] = xyz[3 * i + ua];
            v[i] = sign >= 0 ? xyz[3 * i + va] : -xyz[3 * i + va];
        }
        int[] next = new int[n], prev = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = (i + 1) % n;
            prev[i] = (i + n - 1) % n;
        }
        int remaining = n, k = 0, cursor = 0, sinceLastEar = 0;
        while (remaining > 3) {
            if (steps > maxSteps) return null;
            int a = prev[cursor], b = cursor, c = next[cursor];
            boolean ear = isEar(u, v, next, a, b, c);
            if (!ear && sinceLastEar >= remaining) {
                // A full lap without an ear: the polygon is degenerate here; clip the most convex corner.
                b = mostConvexCorner(u, v, prev, next, cursor, remaining);
                a = prev[b];
                c = next[b];
                ear = true;
            }
            if (ear) {
                out[k++] = a; out[k++] = b; out[k++] = c;
                next[a] = c;
                prev[c] = a;
                remaining--;
                cursor = c;
                sinceLastEar = 0;
            } else {
                cursor = c;
                sinceLastEar++;
            }
        }
        out[k++] = prev[cursor]; out[k++] = cursor; out[k] = next[cursor];
        return out;
    }

    private static double cross(double[] u, double[] v, int a, int b, int c) {
        return (u[b] - u[a]) * (v[c] - v[a]) - (v[b] - v[a]) * (u[c] - u[a]);
    }

    private boolean isEar(double[] u, double[] v, int[] next, int a, int b, int c) {
        steps++;
        if (cross(u, v, a, b, c) <= 0) return false; // reflex or degenerate corner
        for (int p = next[c]; p != a; p = next[p]) {
            steps++;
            if (samePoint(u, v, p, a) || samePoint(u, v, p, b) || samePoint(u, v, p, c)) continue;
            if (cross(u, v, a, b, p) >= 0 && cross(u, v, b, c, p) >= 0 && cross(u, v, c, a, p) >= 0) return false;
        }
        return true;
    }

    private static boolean samePoint(double[] u, double[] v, int i, int j) {
        return u[i] == u[j] && v[i] == v[j];
    }

    private int mostConvexCorner(double[] u, double[] v, int[] prev, int[] next, int start, int count) {
        steps += count;
        int best = start;
        double bestCross = Double.NEGATIVE_INFINITY;
        int p = start;
        for (int i = 0; i < count; i++, p = next[p]) {
            double cr = cross(u, v, prev[p], p, next[p]);
            if (cr > bestCross) {
                bestCross = cr;
                best = p;
            }
        }
        return best;
    }
}
