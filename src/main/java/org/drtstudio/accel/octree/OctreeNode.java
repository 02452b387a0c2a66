package org.drtstudio.accel.octree;

import java.util.List;

/**
 * A box of an octree before flattening: its cell, the primitives it lists (a leaf's; an inner box's
 * straddlers in the report's construction; empty for none) and its children in pre-order (null for
 * a leaf).
 */
record OctreeNode(float[] cell, int[] primitives, List<OctreeNode> children) {
    static final int[] NONE = new int[0];

    boolean leaf() {
        return children == null;
    }

    int subtreeSize() {
        int n = 1;
        if (children != null) for (OctreeNode c : children) n += c.subtreeSize();
        return n;
    }
}
