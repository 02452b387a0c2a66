package org.drtstudio.accel;

import java.util.Arrays;

/**
 * The Java CPU walk's layout of a tree of boxes: a binary tree in {@link BoxLayout}'s node format
 * collapsed into nodes of four children (same leaves, same primitives in the same order), stored
 * as structure-of-arrays so a node's four boxes are read plane by plane. Made in one linear pass
 * from the box layout (no new hierarchy build): {@link #of(BoxLayout)} for an image's shapes,
 * {@link #ofInstances} for the instances above them. Walked by {@code render.cpu.WideTraversal}.
 *
 * <p>Collapsing follows the usual rule (Wald et al. 2008, "Getting rid of packets"; Embree's BVH4):
 * starting from a binary node's two children, the inner child of largest surface area is replaced
 * by its two children until the node has four children or only leaves are left. Measured on the
 * bunny's and Lucy's close-up rays (docs/BENCHMARKS.md, "The CPU tracer"), the walk over this layout
 * traces 1.5-2x the rays of the binary twin on one core.
 *
 * <p><b>Bounds</b>, {@link #NODE_FLOATS} floats per node, child c in lane c of each row of four:
 * <pre>
 * 0..3 lo.x   4..7 hi.x   8..11 lo.y   12..15 hi.y   16..19 lo.z   20..23 hi.z
 * </pre>
 * A ray whose direction's x is negative reads its entry plane from {@code hi.x} and its exit from
 * {@code lo.x} (offset +4 / -4), and likewise per axis, so a slab costs two multiply-adds and no
 * min/max. An empty lane has lo = +∞, hi = -∞, which no ray enters.
 *
 * <p><b>Children</b>, {@link #WIDTH} ints per node: {@code >= 0} an inner node's index, {@code < 0} a
 * leaf in {@link BoxLayout}'s leaf word ({@link BoxLayout#leafLink}); an empty lane holds the empty
 * leaf. Each tree's nodes are contiguous with its root first.
 *
 * @param bounds   {@link #NODE_FLOATS} per node
 * @param children {@link #WIDTH} per node
 * @param boxRoots the binary roots the trees were made from, ascending
 * @param roots    each tree's root here, in the order of {@code boxRoots}
 * @param height   the longest path from a root to a leaf, in nodes (so a walk's stack needs at most
 *                 {@code (WIDTH - 1) * height} entries)
 */
public record WideBoxLayout(float[] bounds, int[] children, int nodeCount, int[] boxRoots, int[] roots, int height) {
    public static final int WIDTH = 4;
    public static final int NODE_FLOATS = 6 * WIDTH;
    /** Offsets of the planes' rows in a node's bounds. */
    public static final int LO_X = 0, HI_X = 4, LO_Y = 8, HI_Y = 12, LO_Z = 16, HI_Z = 20;
    private static final int EMPTY_LEAF = BoxLayout.leafLink(0, 0);

    /** The image's shapes collapsed from their box layout. */
    public static WideBoxLayout of(BoxLayout boxes) {
        int[] boxRoots = boxes.rootLinks().clone();
        Arrays.sort(boxRoots);
        return collapse(boxes.nodes(), Math.max(1, boxes.nodeCount()), boxRoots);
    }

    /**
     * A tree over the instances' world boxes (six floats each: lo xyz, hi xyz), whose leaves hold one
     * instance each ({@code leafLink(instance, 1)}): split at the median of the longest axis of the
     * boxes' centres, then collapsed. For the top level, which has a handful of instances in most
     * scenes and at most a few thousand; null for none.
     */
    public static WideBoxLayout ofInstances(float[] boxes, int count) {
        if (count == 0) return null;
        BinaryInstances b = new BinaryInstances(boxes, count);
        return collapse(b.nodes, b.count, new int[]{0});
    }

    /** The root here of the tree made from binary root {@code boxRoot}. */
    public int root(int boxRoot) {
        int k = Arrays.binarySearch(boxRoots, boxRoot);
        if (k < 0) throw new IllegalArgumentException("no tree has its binary root at node " + boxRoot);
        return roots[k];
    }

    /** Bytes of bounds and children. */
    public long bytes() {
        return 4L * bounds.length + 4L * children.length;
    }

    private static WideBoxLayout collapse(float[] binary, int binaryCount, int[] boxRoots) {
        Collapser c = new Collapser(binary, binaryCount);
        int[] roots = new int[boxRoots.length];
        for (int k = 0; k < boxRoots.length; k++) roots[k] = c.tree(boxRoots[k]);
        return new WideBoxLayout(Arrays.copyOf(c.bounds, NODE_FLOATS * c.count), Arrays.copyOf(c.children, WIDTH * c.count),
                c.count, boxRoots, roots, c.height);
    }

    /** Collapses binary box nodes into wide ones, each node's children right after it. */
    private static final class Collapser {
        private final float[] binary;
        float[] bounds;
        int[] children;
        int count, height;
        /** Candidates of the node being formed: link and box (lo xyz, hi xyz). */
        private final int[] links = new int[WIDTH];
        private final float[] boxes = new float[6 * WIDTH];

        Collapser(float[] binary, int binaryCount) {
            this.binary = binary;
            bounds = new float[NODE_FLOATS * binaryCount];
            children = new int[WIDTH * binaryCount];
        }

        /** Lays out the tree whose binary root is inner node {@code root}; returns its wide root. */
        int tree(int root) {
            int first = allocate();
            fill(first, root, 1);
            return first;
        }

        /** Writes wide node {@code index} from binary inner node {@code node}, then its inner children. */
        private void fill(int index, int node, int depth) {
            height = Math.max(height, depth);
            int n = 2;
            candidate(0, node, 0);
            candidate(1, node, 1);
            while (n < WIDTH) {
                int widest = -1;
                float widestArea = -1f;
                for (int k = 0; k < n; k++) {
                    if (links[k] < 0) continue;
                    float area = area(k);
                    if (area > widestArea) {
                        widestArea = area;
                        widest = k;
                    }
                }
                if (widest < 0) break;
                int inner = links[widest];
                candidate(widest, inner, 0);
                candidate(n++, inner, 1);
            }
            int o = NODE_FLOATS * index;
            for (int k = 0; k < WIDTH; k++) {
                boolean used = k < n;
                for (int a = 0; a < 3; a++) {
                    bounds[o + 8 * a + k] = used ? boxes[6 * k + a] : Float.POSITIVE_INFINITY;
                    bounds[o + 8 * a + 4 + k] = used ? boxes[6 * k + 3 + a] : Float.NEGATIVE_INFINITY;
                }
            }
            int[] binaryChild = new int[WIDTH];
            for (int k = 0; k < WIDTH; k++) {
                int link = k < n ? links[k] : EMPTY_LEAF;
                binaryChild[k] = link;
                children[WIDTH * index + k] = link >= 0 ? allocate() : link;
            }
            for (int k = 0; k < WIDTH; k++) {
                if (binaryChild[k] >= 0) fill(children[WIDTH * index + k], binaryChild[k], depth + 1);
            }
        }

        /** Candidate slot k := child {@code which} (0 a, 1 b) of binary node {@code node}. */
        private void candidate(int k, int node, int which) {
            int o = BoxLayout.NODE_TEXELS * 4 * node;
            // Texels: a.lo + link a, a.hi + link b, b.lo, b.hi.
            links[k] = Float.floatToRawIntBits(binary[o + 3 + 4 * which]);
            for (int a = 0; a < 3; a++) {
                boxes[6 * k + a] = binary[o + 8 * which + a];
                boxes[6 * k + 3 + a] = binary[o + 8 * which + 4 + a];
            }
        }

        private float area(int k) {
            float x = boxes[6 * k + 3] - boxes[6 * k], y = boxes[6 * k + 4] - boxes[6 * k + 1], z = boxes[6 * k + 5] - boxes[6 * k + 2];
            return x * y + y * z + z * x;
        }

        private int allocate() {
            if (count == children.length / WIDTH) {
                bounds = Arrays.copyOf(bounds, 2 * bounds.length);
                children = Arrays.copyOf(children, 2 * children.length);
            }
            return count++;
        }
    }

    /** A binary tree over instance boxes in {@link BoxLayout}'s node format, root at node 0. */
    private static final class BinaryInstances {
        private final float[] boxes;
        final int[] order;
        float[] nodes;
        int count;

        BinaryInstances(float[] boxes, int n) {
            this.boxes = boxes;
            this.order = new int[n];
            for (int i = 0; i < n; i++) order[i] = i;
            nodes = new float[BoxLayout.NODE_TEXELS * 4 * Math.max(1, n)];
            if (n == 1) {
                // One instance: a root whose second child is an empty leaf, as BoxLayout lays out one-leaf shapes.
                count = 1;
                put(0, 0, order[0], 0, 1);
                put(0, 1, -1, 0, 0);
                return;
            }
            count = 1;
            split(0, 0, n);
        }

        /** Fills inner node {@code node} over order[from, to) (at least two instances). */
        private void split(int node, int from, int to) {
            float[] c = centreBounds(from, to);
            int axis = 0;
            for (int a = 1; a < 3; a++) if (c[3 + a] - c[a] > c[3 + axis] - c[axis]) axis = a;
            int mid = (from + to) >>> 1;
            sortBy(from, to, axis);
            for (int side = 0; side < 2; side++) {
                int a = side == 0 ? from : mid, b = side == 0 ? mid : to;
                if (b - a == 1) {
                    put(node, side, order[a], a, 1);
                } else {
                    int child = count++;
                    put(node, side, -1, a, b - a);
                    setLink(node, side, child);
                    split(child, a, b);
                }
            }
        }

        /** Child {@code side} of {@code node}: the box of order[from, from + n), a leaf of {@code instance} when n is 1. */
        private void put(int node, int side, int instance, int from, int n) {
            int o = BoxLayout.NODE_TEXELS * 4 * node + 8 * side;
            float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                    Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            for (int i = from; i < from + n; i++) {
                for (int a = 0; a < 3; a++) {
                    box[a] = Math.min(box[a], boxes[6 * order[i] + a]);
                    box[3 + a] = Math.max(box[3 + a], boxes[6 * order[i] + 3 + a]);
                }
            }
            for (int a = 0; a < 3; a++) {
                nodes[o + a] = box[a];
                nodes[o + 4 + a] = box[3 + a];
            }
            if (n == 0) setLinkWord(node, side, EMPTY_LEAF);
            else if (instance >= 0) setLinkWord(node, side, BoxLayout.leafLink(instance, 1));
        }

        private void setLink(int node, int side, int child) {
            setLinkWord(node, side, child);
        }

        private void setLinkWord(int node, int side, int word) {
            nodes[BoxLayout.NODE_TEXELS * 4 * node + 3 + 4 * side] = Float.intBitsToFloat(word);
        }

        private float[] centreBounds(int from, int to) {
            float[] c = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                    Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            for (int i = from; i < to; i++) {
                for (int a = 0; a < 3; a++) {
                    float m = centre(order[i], a);
                    c[a] = Math.min(c[a], m);
                    c[3 + a] = Math.max(c[3 + a], m);
                }
            }
            return c;
        }

        private float centre(int instance, int axis) {
            return 0.5f * (boxes[6 * instance + axis] + boxes[6 * instance + 3 + axis]);
        }

        private void sortBy(int from, int to, int axis) {
            Integer[] part = new Integer[to - from];
            for (int i = from; i < to; i++) part[i - from] = order[i];
            Arrays.sort(part, (x, y) -> Float.compare(centre(x, axis), centre(y, axis)));
            for (int i = from; i < to; i++) order[i] = part[i - from];
        }
    }
}
