package org.drtstudio.accel.grid;

/**
 * Whether a triangle and an axis-aligned box share a point: the separating-axis test of
 * Akenine-Möller ("Fast 3D triangle-box overlap testing", journal of graphics tools 6(1), 2001), the
 * exact insertion test a uniform grid of Christen 2005 needs in place of a bounding-box test. Two
 * convex bodies are apart exactly when some axis separates their projections; for a triangle and a
 * box it suffices to try 13 axes: the box's three face normals (the triangle's bounds against the
 * box), the triangle's normal (its plane against the box), and the nine cross products of a box axis
 * with a triangle edge.
 *
 * <p>In doubles: the callers pass the cell grown by the shape's padding, so a triangle is kept in
 * every cell either tracer's float rounding could find it in; the test itself should not round away
 * what the padding is there to keep. Touching (a shared face, edge or corner) counts as overlap.
 */
public final class TriangleBoxOverlap {
    private TriangleBoxOverlap() {
    }

    /**
     * @param t  corners at {@code t[o..o+8]}: v0.xyz, v1.xyz, v2.xyz
     * @param c  the box's centre (3 values)
     * @param h  the box's half sizes (3 values, each ≥ 0)
     */
    public static boolean overlaps(float[] t, int o, double[] c, double[] h) {
        // Corners relative to the box's centre, so the box is [-h, h].
        double v0x = t[o] - c[0], v0y = t[o + 1] - c[1], v0z = t[o + 2] - c[2];
        double v1x = t[o + 3] - c[0], v1y = t[o + 4] - c[1], v1z = t[o + 5] - c[2];
        double v2x = t[o + 6] - c[0], v2y = t[o + 7] - c[1], v2z = t[o + 8] - c[2];
        double hx = h[0], hy = h[1], hz = h[2];

        // The box's face normals: the triangle's bounds against the box.
        if (min(v0x, v1x, v2x) > hx || max(v0x, v1x, v2x) < -hx) return false;
        if (min(v0y, v1y, v2y) > hy || max(v0y, v1y, v2y) < -hy) return false;
        if (min(v0z, v1z, v2z) > hz || max(v0z, v1z, v2z) < -hz) return false;

        double e0x = v1x - v0x, e0y = v1y - v0y, e0z = v1z - v0z;
        double e1x = v2x - v1x, e1y = v2y - v1y, e1z = v2z - v1z;
        double e2x = v0x - v2x, e2y = v0y - v2y, e2z = v0z - v2z;

        // The nine axes a_i × e_j. For axis x × e = (0, -e.z, e.y): p = -e.z·v.y + e.y·v.z, radius
        // hy·|e.z| + hz·|e.y|; the other two by symmetry. Two corners of the edge project alike, so
        // the edge's two corners and the third corner are what each test needs.
        if (apart(-e0z * v0y + e0y * v0z, -e0z * v2y + e0y * v2z, hy * Math.abs(e0z) + hz * Math.abs(e0y))) return false;
        if (apart(-e1z * v1y + e1y * v1z, -e1z * v0y + e1y * v0z, hy * Math.abs(e1z) + hz * Math.abs(e1y))) return false;
        if (apart(-e2z * v2y + e2y * v2z, -e2z * v1y + e2y * v1z, hy * Math.abs(e2z) + hz * Math.abs(e2y))) return false;

        if (apart(e0z * v0x - e0x * v0z, e0z * v2x - e0x * v2z, hx * Math.abs(e0z) + hz * Math.abs(e0x))) return false;
        if (apart(e1z * v1x - e1x * v1z, e1z * v0x - e1x * v0z, hx * Math.abs(e1z) + hz * Math.abs(e1x))) return false;
        if (apart(e2z * v2x - e2x * v2z, e2z * v1x - e2x * v1z, hx * Math.abs(e2z) + hz * Math.abs(e2x))) return false;

        if (apart(-e0y * v0x + e0x * v0y, -e0y * v2x + e0x * v2y, hx * Math.abs(e0y) + hy * Math.abs(e0x))) return false;
        if (apart(-e1y * v1x + e1x * v1y, -e1y * v0x + e1x * v0y, hx * Math.abs(e1y) + hy * Math.abs(e1x))) return false;
        if (apart(-e2y * v2x + e2x * v2y, -e2y * v1x + e2x * v1y, hx * Math.abs(e2y) + hy * Math.abs(e2x))) return false;

        // The triangle's normal: its plane against the box.
        double nx = e0y * e1z - e0z * e1y, ny = e0z * e1x - e0x * e1z, nz = e0x * e1y - e0y * e1x;
        double d = nx * v0x + ny * v0y + nz * v0z;
        double r = hx * Math.abs(nx) + hy * Math.abs(ny) + hz * Math.abs(nz);
        return Math.abs(d) <= r;
    }

    /** Whether the projections {p, q} of the corners miss the box's projection [-r, r]. */
    private static boolean apart(double p, double q, double r) {
        return Math.min(p, q) > r || Math.max(p, q) < -r;
    }

    private static double min(double a, double b, double c) {
        return Math.min(a, Math.min(b, c));
    }

    private static double max(double a, double b, double c) {
        return Math.max(a, Math.max(b, c));
    }
}
