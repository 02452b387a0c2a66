package org.drtstudio.accel.octree;

/** The eight children of an octree cell split at its centre; octant bit a set = the upper half on axis a. */
final class Octants {
    private Octants() {
    }

    /** The child cell (lo x y z, hi x y z) of {@code cell} in {@code octant}, split at {@code mid}. */
    static float[] child(float[] cell, float[] mid, int octant) {
        float[] c = new float[6];
        for (int a = 0; a < 3; a++) {
            boolean upper = (octant >> a & 1) != 0;
            c[a] = upper ? mid[a] : cell[a];
            c[3 + a] = upper ? cell[3 + a] : mid[a];
        }
        return c;
    }

    /**
     * The one octant that holds the box at {@code boxes[o..o+5]} whole, or -1 when the box straddles
     * a splitting plane (it reaches across {@code mid} on some axis).
     */
    static int containing(float[] boxes, int o, float[] mid) {
        int octant = 0;
        for (int a = 0; a < 3; a++) {
            if (boxes[o + 3 + a] <= mid[a]) continue;
            if (boxes[o + a] >= mid[a]) octant |= 1 << a;
            else return -1;
        }
        return octant;
    }
}
