package org.drtstudio.render.cpu;

/** Closest hit found so far; reused per ray to keep the hot loop free of allocation. */
public final class Hit {
    /** The ray's distance limit before a walk, the hit's distance after one that found something. */
    public float t;
    /** Index of the primitive in the geometry image's primitive texture, or -1 for none. */
    public int primitive = -1;
    /** The instance whose shape holds the primitive. */
    public int instance = -1;
    /** Barycentric coordinates of v1 and v2 on a triangle. */
    public float u, v;
    /** Set when a traversal ran past its bound: the hierarchy is corrupt. */
    public boolean overflow;
    /** A triangle test's u and v ({@link org.drtstudio.math.RayTriangle}), copied to u and v when its hit is taken. */
    final float[] barycentric = new float[2];

    public void reset(float tMax) {
        t = tMax;
        primitive = -1;
        instance = -1;
        overflow = false;
    }
}
