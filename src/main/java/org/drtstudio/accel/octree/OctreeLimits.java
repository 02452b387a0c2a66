package org.drtstudio.accel.octree;

/**
 * Where the octree stops subdividing: a node with at most {@code leafSize} primitives, or at
 * {@code maxDepth}, is a leaf; so is a node none of whose children would hold fewer primitives
 * than it (primitives larger than the cell: splitting would only copy them).
 */
public record OctreeLimits(int maxDepth, int leafSize) {
    public static final OctreeLimits DEFAULT = new OctreeLimits(10, 8);

    public OctreeLimits {
        if (maxDepth < 0 || maxDepth > 20) throw new IllegalArgumentException("octree depth must be 0 to 20, got " + maxDepth);
        if (leafSize < 1) throw new IllegalArgumentException("octree leaf size must be at least 1, got " + leafSize);
    }
}
