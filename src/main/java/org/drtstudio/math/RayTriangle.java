package org.drtstudio.math;

/**
 * The Möller–Trumbore ray–triangle test, written once for every Java caller: the CPU tracer's walks
 * ({@code render.cpu.Traversal} and the walks that share its primitive tests), the hierarchy's
 * quality estimate ({@code accel.HierarchyQuality}) and the studio's picking. The GPU's twin is
 * {@code intersectTriangle} in {@code shaders/traverse.glsl}; the arithmetic is the same, in the same
 * order, so both find the same hits.
 */
public final class RayTriangle {
    private RayTriangle() {
    }

    /**
     * Where the ray o + t d crosses the triangle v0 + u e1 + v e2 (e1 = v1 - v0, e2 = v2 - v0).
     *
     * @param uv when not null and the ray crosses the triangle, receives the barycentric u and v (the
     *           weights of v1 and v2)
     * @return t in units of d's length (of either sign: the caller bounds it), or NaN where the ray is
     *         parallel to the triangle's plane or passes outside its edges
     */
    public static float intersect(float v0x, float v0y, float v0z, float e1x, float e1y, float e1z,
                                  float e2x, float e2y, float e2z,
                                  float ox, float oy, float oz, float dx, float dy, float dz, float[] uv) {
        return crossing(v0x, v0y, v0z, e1x, e1y, e1z, e2x, e2y, e2z, ox, oy, oz, dx, dy, dz, true, uv);
    }

    /**
     * Where the ray o + t d crosses the plane of the triangle v0, e1, e2 (the DRT paper's ground plane):
     * {@link #intersect}'s arithmetic in the same order without the edge tests, so u and v run on
     * past [0, 1] (world offsets along e1 and e2 in units of their lengths). Twin of
     * {@code intersectGround} in {@code shaders/traverse.glsl}.
     *
     * @param uv when not null and the ray crosses the plane, receives u and v
     * @return t in units of d's length (of either sign), or NaN where the ray is parallel to the plane
     */
    public static float intersectPlane(float v0x, float v0y, float v0z, float e1x, float e1y, float e1z,
                                       float e2x, float e2y, float e2z,
                                       float ox, float oy, float oz, float dx, float dy, float dz, float[] uv) {
        return crossing(v0x, v0y, v0z, e1x, e1y, e1z, e2x, e2y, e2z, ox, oy, oz, dx, dy, dz, false, uv);
    }

    /** Möller–Trumbore, with the triangle's edge tests or without them (the plane); the same float operations either way. */
    private static float crossing(float v0x, float v0y, float v0z, float e1x, float e1y, float e1z,
                                  float e2x, float e2y, float e2z,
                                  float ox, float oy, float oz, float dx, float dy, float dz, boolean withinEdges, float[] uv) {
        float px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
        float det = e1x * px + e1y * py + e1z * pz;
        if (det == 0f) return Float.NaN;
        float inv = 1f / det;
        float tx = ox - v0x, ty = oy - v0y, tz = oz - v0z;
        float u = (tx * px + ty * py + tz * pz) * inv;
        if (withinEdges && (u < 0f || u > 1f)) return Float.NaN;
        float qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
        float v = (dx * qx + dy * qy + dz * qz) * inv;
        if (withinEdges && (v < 0f || u + v > 1f)) return Float.NaN;
        if (uv != null) {
            uv[0] = u;
            uv[1] = v;
        }
        return (e2x * qx + e2y * qy + e2z * qz) * inv;
    }
}
