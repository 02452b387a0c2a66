package org.drtstudio.accel.octree;

/**
 * Where the octree stops subdividing: a node with at most {@code leafSize} primitives, or at the
 * depth limit, is a leaf; so is a node none of whose children would hold fewer primitives than it
 * (primitives larger than the cell: splitting would only copy them).
 *
 * <p>The depth limit is {@link #depthFor}: two levels below where a balanced octree would reach
 * {@code leafSize} primitives a leaf, at most {@code maxDepth}. A fixed deep limit let one large
 * polygon (a floor under small objects) be copied into every cell along it at every level, 4^depth
 * list entries: SPD's small scenes took seconds and hundreds of MB to build with depth 10.
 */
public record OctreeLimits(int maxDepth, int leafSize) {
    public static final OctreeLimits DEFAULT = new OctreeLimits(10, 8);

    /** The depth limit for a shape of {@code count} primitives: ⌈log8(count / leafSize)⌉ + 2, at most {@code maxDepth}. */
    public int depthFor(int count) {
        int balanced = 0;
        for (long cells = 1; cells * leafSize < count; cells *= 8) balanced++;
        return Math.min(maxDepth, balanced + 2);
    }

    public OctreeLimits {
        if (maxDepth < 0 || maxDepth > 20) throw new IllegalArgumentException("octree depth must be 0 to 20, got " + maxDepth);
        if (leafSize < 1) throw new IllegalArgumentException("octree leaf size must be at least 1, got " + leafSize);
    }
}
