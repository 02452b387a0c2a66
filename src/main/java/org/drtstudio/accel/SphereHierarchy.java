package org.drtstudio.accel;

/**
 * A bounding-sphere hierarchy flattened depth-first. Node i's subtree occupies indices
 * i .. miss[i]-1, so traversal needs no stack: on a sphere hit go to {@code hit[i]} (the first
 * child, i + 1, for inner nodes; the same as {@code miss[i]} for leaves, after testing the leaf's
 * primitives), on a miss go to {@code miss[i]}. {@link GeometryImageLayout#END} ends the walk.
 *
 * @param spheres       4 floats per node: centre x, y, z, radius (already inflated to be conservative)
 * @param hit           next node after a sphere hit
 * @param miss          next node after a sphere miss (skip link)
 * @param primStart     for leaves, the first position in {@code primOrder}; 0 for inner nodes
 * @param primCount     for leaves, the number of primitives (≥ 1); 0 for inner nodes
 * @param primOrder     primitive ids in leaf order (ids < triangle count are triangles, the rest spheres)
 * @param depth         the longest root-to-leaf path, in nodes
 */
public record SphereHierarchy(float[] spheres, int[] hit, int[] miss, int[] primStart, int[] primCount,
                              int[] primOrder, int depth) {
    public int nodeCount() { return hit.length; }

    public boolean isLeaf(int node) { return primCount[node] > 0; }
}
