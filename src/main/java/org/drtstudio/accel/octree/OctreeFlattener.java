package org.drtstudio.accel.octree;

import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.WordStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes one shape's octree into the word stream in pre-order with skip links, as both octree
 * constructions share it ({@link SpatialLayout} documents the words): a box's first child is the next
 * box, its skip the box after its subtree, the last subtree's skip the end marker. Any box may list
 * primitives (count-prefixed, after all the boxes); a box without any has {@link SpatialLayout#NO_LIST}.
 * Boxes are the cells padded by 1e-5 of the shape's largest extent, like the primitives' boxes.
 */
final class OctreeFlattener {
    private OctreeFlattener() {
    }

    /** Writes {@code root}'s tree for shape {@code s}; returns its header texel. */
    /** A shape's tree, built from the shape and the indices of all its primitives (a root cell of its bounds). */
    @FunctionalInterface
    interface TreeBuilder {
        OctreeNode build(ShapePrimitives shape, int[] allPrimitives);
    }

    /** Every shape's tree from {@code trees}, flattened into one layout of {@code structure}, timed from the first build. */
    static SpatialLayout layout(org.drtstudio.accel.AccelStructure structure, List<ShapePrimitives> shapes, TreeBuilder trees) {
        long t0 = System.nanoTime();
        WordStream w = new WordStream();
        int[] roots = new int[shapes.size()], texels = new int[shapes.size()];
        for (int k = 0; k < shapes.size(); k++) {
            ShapePrimitives s = shapes.get(k);
            roots[k] = s.sphereRoot();
            int[] all = new int[s.count()];
            for (int j = 0; j < all.length; j++) all[j] = j;
            texels[k] = write(w, s, trees.build(s, all));
        }
        return new SpatialLayout(structure, w.toArray(), roots, texels, System.nanoTime() - t0);
    }

    static int write(WordStream w, ShapePrimitives s, OctreeNode root) {
        float[] b = s.bounds();
        float pad = 0;
        for (int a = 0; a < 3; a++) pad = Math.max(pad, b[3 + a] - b[a]);
        pad *= 1e-5f;
        List<OctreeNode> order = new ArrayList<>();
        preOrder(root, order);
        int header = w.alignToTexel();
        int nodeCount = order.size();
        int firstNode = header + 1;
        long listWord = 4L * (firstNode + (long) SpatialLayout.OCTREE_NODE_TEXELS * nodeCount);
        w.putInt(nodeCount);
        w.putInt(0);
        w.putInt(0);
        w.putInt(0);
        int[] subtree = new int[nodeCount];
        for (int i = 0; i < nodeCount; i++) subtree[i] = order.get(i).subtreeSize();
        long next = listWord;
        for (int i = 0; i < nodeCount; i++) {
            OctreeNode n = order.get(i);
            int after = i + subtree[i];
            int skip = after >= nodeCount ? SpatialLayout.END : firstNode + SpatialLayout.OCTREE_NODE_TEXELS * after;
            for (int a = 0; a < 3; a++) w.putFloat(n.cell()[a] - pad);
            w.putInt(skip);
            for (int a = 0; a < 3; a++) w.putFloat(n.cell()[3 + a] + pad);
            if (n.primitives().length > 0) {
                if (next > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("the octree of a shape with " + s.count()
                        + " primitives needs more than 2^31 words; lower its depth");
                w.putInt((int) next);
                next += 1 + n.primitives().length;
            } else {
                w.putInt(SpatialLayout.NO_LIST);
            }
        }
        for (OctreeNode n : order) {
            if (n.primitives().length == 0) continue;
            w.putInt(n.primitives().length);
            for (int j : n.primitives()) w.putInt(s.indices()[j]);
        }
        return header;
    }

    private static void preOrder(OctreeNode n, List<OctreeNode> out) {
        out.add(n);
        if (n.children() != null) for (OctreeNode c : n.children()) preOrder(c, out);
    }
}
