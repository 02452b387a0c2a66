package org.drtstudio.accel;

/**
 * A mesh's linear BVH as {@link LinearBvhBuilder}s make it: Karras's binary radix tree over the
 * triangles sorted by the Morton codes of their centroids, one triangle per leaf, already written
 * in {@link BoxLayout}'s node format. Inner node i is the tree's node i (the root is 0; the
 * numbering is Karras's, not depth-first: the walk follows links and needs no order), its links
 * name inner nodes or leaves {@code BoxLayout.leafLink(slot, 1)}, where slot is the triangle's
 * place in {@link #order}; leaf boxes are padded as {@link BoxTree} pads them. A one-triangle mesh
 * has one inner node whose second child is an empty leaf, as {@link BoxLayout} writes one-leaf shapes.
 *
 * @param order      the mesh's triangle at each slot (leaf order)
 * @param nodes      {@code 4 * BoxLayout.NODE_TEXELS} floats per inner node
 * @param innerCount inner nodes: triangles - 1, or 1 for one triangle
 * @param height     inner nodes on the longest root-to-leaf path
 * @param sizes      every inner node's subtree as the builder measured it while building, or null
 *                   (then whoever needs them measures the tree)
 */
public record LinearBvh(int[] order, float[] nodes, int innerCount, int height, SubtreeSizes sizes) {
    /** A tree whose subtrees were not measured by its builder. */
    public LinearBvh(int[] order, float[] nodes, int innerCount, int height) {
        this(order, nodes, innerCount, height, null);
    }

    /**
     * Per inner node: the leaves under it, its subtree's height (inner nodes on its longest path to
     * a leaf) and its first slot. A builder knows them as it builds (Karras's node i covers a range
     * of slots, and the boxes go up the tree bottom-up), so the height limit need not walk the whole
     * tree again to find them (220-290 ms of a 10M-triangle load on the 2-core VM, most of the H200 machine's height limit).
     */
    public record SubtreeSizes(int[] leaves, int[] height, int[] firstSlot) {
    }

    /** Triangles in the tree. */
    public int triangleCount() {
        return order.length;
    }

    /** Link a or b (side 0 or 1) of inner node {@code node}. */
    public int link(int node, int side) {
        return Float.floatToRawIntBits(nodes[4 * BoxLayout.NODE_TEXELS * node + (side == 0 ? BoxLayout.BoxNodeField.LINK_A : BoxLayout.BoxNodeField.LINK_B)]);
    }

    /** The same tree without its builder's sizes, so that a tree kept for later does not keep them (12 bytes an inner node). */
    public LinearBvh withoutSizes() {
        return sizes == null ? this : new LinearBvh(order, nodes, innerCount, height);
    }
}
