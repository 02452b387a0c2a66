package org.drtstudio.accel.octree;

import org.drtstudio.accel.SpatialLayout;

/**
 * What the CUDA octree report's tracer prints about its octree (box count, the most triangles in one
 * box), read back from a packed {@link SpatialLayout} of either octree construction, summed over its
 * shapes: the numbers are those of the words both tracers walk, not of the builder's intentions.
 *
 * @param shapes        octrees (one per distinct shape)
 * @param boxes         nodes of all of them
 * @param listedBoxes   boxes that hold a primitive list (every leaf; inner boxes too where straddlers stay)
 * @param innerListed   inner boxes that hold a list (0 for the split-and-copy construction)
 * @param entries       primitive indices listed in all boxes (a primitive copied into several boxes counts in each)
 * @param maxPerBox     the most primitives one box lists
 * @param maxDepth      the deepest box (the root is depth 0)
 */
public record OctreeStatistics(int shapes, long boxes, long listedBoxes, long innerListed, long entries, int maxPerBox, int maxDepth) {

    /**
     * Reads every shape's octree of {@code layout}.
     *
     * @throws IllegalArgumentException when the layout holds no octree
     */
    public static OctreeStatistics of(SpatialLayout layout) {
        if (!layout.structure().octree()) throw new IllegalArgumentException(layout.structure().cliName() + " is not an octree");
        float[] w = layout.words();
        long boxes = 0, listed = 0, inner = 0, entries = 0;
        int maxPerBox = 0, maxDepth = 0;
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int root : layout.rootTexels()) {
            if (!seen.add(root)) continue;
            int count = word(w, 4 * (root + SpatialLayout.OCTREE_HEADER));
            int first = root + 1, end = first + SpatialLayout.OCTREE_NODE_TEXELS * count;
            // Subtree ends of the boxes above the current one: pre-order with skips gives each box's depth.
            int[] open = new int[64];
            int depth = 0;
            for (int n = first; n < end; n += SpatialLayout.OCTREE_NODE_TEXELS) {
                while (depth > 0 && open[depth - 1] <= n) depth--;
                int skip = word(w, 4 * (n + SpatialLayout.OCTREE_LO) + 3);
                int list = word(w, 4 * (n + SpatialLayout.OCTREE_HI) + 3);
                int subtreeEnd = skip == SpatialLayout.END ? end : skip;
                boolean isInner = subtreeEnd > n + SpatialLayout.OCTREE_NODE_TEXELS;
                boxes++;
                maxDepth = Math.max(maxDepth, depth);
                if (list != SpatialLayout.NO_LIST) {
                    int size = word(w, list);
                    listed++;
                    entries += size;
                    maxPerBox = Math.max(maxPerBox, size);
                    if (isInner) inner++;
                }
                if (isInner) {
                    if (depth == open.length) open = java.util.Arrays.copyOf(open, 2 * depth);
                    open[depth++] = subtreeEnd;
                }
            }
        }
        return new OctreeStatistics(seen.size(), boxes, listed, inner, entries, maxPerBox, maxDepth);
    }

    private static int word(float[] w, int i) {
        return Float.floatToRawIntBits(w[i]);
    }
}
