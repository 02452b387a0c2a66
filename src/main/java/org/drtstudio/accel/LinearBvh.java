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
 */
public record LinearBvh(int[] order, float[] nodes, int innerCount, int height) {
    /** Triangles in the tree. */
    public int triangleCount() {
        return order.length;
    }

    /** Link a or b (side 0 or 1) of inner node {@code node}. */
    public int link(int node, int side) {
        return Float.floatToRawIntBits(nodes[4 * BoxLayout.NODE_TEXELS * node + (side == 0 ? BoxLayout.BoxNodeField.LINK_A : BoxLayout.BoxNodeField.LINK_B)]);
    }
}
