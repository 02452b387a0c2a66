package org.drtstudio.render.cpu;

/** Closest hit found so far; reused per ray to keep the hot loop free of allocation. */
final class Hit {
    float t;
    /** Index of the primitive in the geometry image's primitive texture, or -1 for none. */
    int primitive = -1;
    /** The instance whose shape holds the primitive. */
    int instance = -1;
    /** Barycentric coordinates of v1 and v2 on a triangle. */
    float u, v;
    /** Set when a traversal ran past its bound: the hierarchy is corrupt. */
    boolean overflow;

    void reset(float tMax) {
        t = tMax;
        primitive = -1;
        instance = -1;
        overflow = false;
    }
}
