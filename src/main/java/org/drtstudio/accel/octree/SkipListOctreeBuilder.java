package org.drtstudio.accel.octree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.WordStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds each shape's octree and flattens it in pre-order with skip links, as the CUDA octree ray
 * tracer report does ({@link SpatialLayout} documents the words): a node's first child is the next
 * node, its skip the node after its subtree, the last subtree's skip the end marker, so the walk
 * needs no stack. Cells split at their centre; a primitive goes to every child its padded box
 * touches; empty children are left out. Node boxes are the cells padded like the primitives.
 */
public final class SkipListOctreeBuilder {
    private SkipListOctreeBuilder() {
    }

    public static SpatialLayout build(List<ShapePrimitives> shapes, OctreeLimits limits) {
        long t0 = System.nanoTime();
        WordStream w = new WordStream();
        int[] roots = new int[shapes.size()], texels = new int[shapes.size()];
        for (int k = 0; k < shapes.size(); k++) {
            roots[k] = shapes.get(k).sphereRoot();
            texels[k] = shape(w, shapes.get(k), limits);
        }
        return new SpatialLayout(AccelStructure.OCTREE, w.toArray(), roots, texels, System.nanoTime() - t0);
    }

    /** A node before flattening: its cell, and its primitives (a leaf) or children (pre-order follows the list). */
    private record Node(float[] cell, int[] primitives, List<Node> children) {
        boolean leaf() {
            return children == null;
        }

        int subtreeSize() {
            int n = 1;
            if (children != null) for (Node c : children) n += c.subtreeSize();
            return n;
        }
    }

    private static int shape(WordStream w, ShapePrimitives s, OctreeLimits limits) {
        int[] all = new int[s.count()];
        for (int j = 0; j < all.length; j++) all[j] = j;
        Node root = subdivide(s, s.bounds().clone(), all, 0, limits.depthFor(s.count()), limits.leafSize());
        float[] b = s.bounds();
        float pad = 0;
        for (int a = 0; a < 3; a++) pad = Math.max(pad, b[3 + a] - b[a]);
        pad *= 1e-5f;
        List<Node> order = new ArrayList<>();
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
            Node n = order.get(i);
            int after = i + subtree[i];
            int skip = after >= nodeCount ? SpatialLayout.END : firstNode + SpatialLayout.OCTREE_NODE_TEXELS * after;
            for (int a = 0; a < 3; a++) w.putFloat(n.cell[a] - pad);
            w.putInt(skip);
            for (int a = 0; a < 3; a++) w.putFloat(n.cell[3 + a] + pad);
            if (n.leaf()) {
                if (next > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("the octree of a shape with " + s.count()
                        + " primitives needs more than 2^31 words; lower its depth");
                w.putInt((int) next);
                next += 1 + n.primitives.length;
            } else {
                w.putInt(SpatialLayout.INNER);
            }
        }
        for (Node n : order) {
            if (!n.leaf()) continue;
            w.putInt(n.primitives.length);
            for (int j : n.primitives) w.putInt(s.indices()[j]);
        }
        return header;
    }

    private static void preOrder(Node n, List<Node> out) {
        out.add(n);
        if (n.children != null) for (Node c : n.children) preOrder(c, out);
    }

    private static Node subdivide(ShapePrimitives s, float[] cell, int[] prims, int depth, int maxDepth, int leafSize) {
        if (prims.length <= leafSize || depth >= maxDepth) return new Node(cell, prims, null);
        float[] mid = new float[3];
        for (int a = 0; a < 3; a++) mid[a] = 0.5f * (cell[a] + cell[3 + a]);
        List<float[]> cells = new ArrayList<>();
        List<int[]> lists = new ArrayList<>();
        boolean progress = false;
        int[] scratch = new int[prims.length];
        for (int octant = 0; octant < 8; octant++) {
            float[] c = new float[6];
            for (int a = 0; a < 3; a++) {
                boolean upper = (octant >> a & 1) != 0;
                c[a] = upper ? mid[a] : cell[a];
                c[3 + a] = upper ? cell[3 + a] : mid[a];
            }
            int n = 0;
            for (int j : prims) if (overlaps(s.boxes(), 6 * j, c)) scratch[n++] = j;
            if (n == 0) continue;
            if (n < prims.length) progress = true;
            cells.add(c);
            lists.add(java.util.Arrays.copyOf(scratch, n));
        }
        if (!progress) return new Node(cell, prims, null);
        List<Node> children = new ArrayList<>(cells.size());
        for (int k = 0; k < cells.size(); k++) children.add(subdivide(s, cells.get(k), lists.get(k), depth + 1, maxDepth, leafSize));
        return new Node(cell, null, children);
    }

    private static boolean overlaps(float[] boxes, int o, float[] c) {
        for (int a = 0; a < 3; a++) if (boxes[o + a] > c[3 + a] || boxes[o + 3 + a] < c[a]) return false;
        return true;
    }
}
