package org.drtstudio.accel;

/**
 * Brings a {@link LinearBvh} within the walk's stack ({@link BoxLayout#STACK_SIZE} inner levels).
 * A radix tree over 30-bit codes is as tall as the bits its keys share: up to 30 levels, plus the
 * log of the triangles that share a code (a dense scan's cells hold several), so large meshes can
 * exceed 32. The parts too deep are rebuilt as balanced trees over their leaves, in the same slot
 * order, from the highest node whose children could not both be made to fit: everything above
 * stays the radix tree, and a rebuilt subtree reuses its own inner nodes' indices (a binary tree
 * over m leaves has m - 1 of them), so the layout's size and every other node are unchanged.
 * Those subtrees are small, deep clusters of near-equal centroids, where a split at the middle of
 * the Morton order is as good as any.
 */
final class LinearBvhHeightLimit {
    private static final int BOX = 6;
    private final LinearBvh bvh;
    private final LinearBvhSubtrees subtrees;
    private final float[] nodes;
    private final int limit;
    /** Per inner node: leaves and height of its subtree, and its first slot. */
    private final int[] leaves, height, firstSlot;
    /** The subtree being rebuilt: its inner nodes in the order they are reused, and its leaves' boxes by slot from its first. */
    private int[] reuse = new int[64];
    private float[] leafBoxes = new float[64 * BOX];
    private int reused, first;
    /** Two child boxes a level of the rebuilt subtree, so that no box is allocated (a 10M-triangle terrain rebuilds millions). */
    private float[] levels = new float[2 * BOX * 64];

    private LinearBvhHeightLimit(LinearBvh bvh, LinearBvhSubtrees subtrees, int limit) {
        this.bvh = bvh;
        this.subtrees = subtrees;
        this.nodes = bvh.nodes();
        this.limit = limit;
        leaves = subtrees.leaves;
        height = subtrees.height;
        firstSlot = subtrees.firstSlot;
    }

    /**
     * The tree itself when it is low enough, else the same tree with its too-deep parts balanced in
     * place: its nodes are rewritten, so the caller must own them (a build's fresh tree; a copy cost
     * 640 MB more for 10M triangles), and {@code subtrees} are kept to match: the sizes of the rebuilt
     * subtrees written as they are built, and the heights of the nodes above them (measuring the whole
     * tree again took 124-146 ms of bunny_18m's 2-core load). A rebuilt leaf keeps the box the tree gave it.
     *
     * @param subtrees {@code bvh} measured
     */
    static LinearBvh apply(LinearBvh bvh, LinearBvhSubtrees subtrees, int limit) {
        if (bvh.height() <= limit) return bvh;
        new LinearBvhHeightLimit(bvh, subtrees, limit).fit(0, 1);
        return new LinearBvh(bvh.order(), bvh.nodes(), bvh.innerCount(), subtrees.height[0]);
    }

    /** Makes the subtree of {@code node}, at inner level {@code depth} (the root's is 1), fit the limit. */
    private void fit(int node, int depth) {
        if (depth - 1 + height[node] <= limit) return;
        boolean childrenCanFit = true;
        for (int side = 0; side < 2; side++) {
            int link = bvh.link(node, side);
            if (link >= 0) childrenCanFit &= depth + ceilLog2(leaves[link]) <= limit;
        }
        if (!childrenCanFit) {
            balance(node);
            return;
        }
        for (int side = 0; side < 2; side++) {
            int link = bvh.link(node, side);
            if (link >= 0) fit(link, depth + 1);
        }
        subtrees.heightFromChildren(node);
    }

    /**
     * Rebuilds {@code node}'s subtree as a balanced tree over its slots, in its own inner nodes (node
     * first), its leaves' boxes taken from where the tree kept them (their parents' sides) rather than
     * made again from the triangles, which are scattered in memory.
     */
    private void balance(int node) {
        int count = leaves[node];
        first = firstSlot[node];
        if (reuse.length < count - 1) reuse = new int[Math.max(count - 1, 2 * reuse.length)];
        if (leafBoxes.length < BOX * count) leafBoxes = new float[Math.max(BOX * count, 2 * leafBoxes.length)];
        int depth = ceilLog2(count) + 1;
        if (levels.length < 2 * BOX * depth) levels = new float[2 * BOX * depth];
        reused = 0;
        collect(node);
        reused = 0;
        build(first, first + count - 1, 0);
    }

    private void collect(int node) {
        reuse[reused++] = node;
        for (int side = 0; side < 2; side++) {
            int link = bvh.link(node, side);
            if (link >= 0) {
                collect(link);
            } else {
                int o = 4 * BoxLayout.NODE_TEXELS * node, at = BOX * ((~link >>> BoxLayout.LEAF_COUNT_BITS) - first);
                int lo = o + (side == 0 ? BoxLayout.BoxNodeField.A_LO : BoxLayout.BoxNodeField.B_LO);
                int hi = o + (side == 0 ? BoxLayout.BoxNodeField.A_HI : BoxLayout.BoxNodeField.B_HI);
                System.arraycopy(nodes, lo, leafBoxes, at, 3);
                System.arraycopy(nodes, hi, leafBoxes, at + 3, 3);
            }
        }
    }

    /**
     * The balanced tree over slots lo..hi at {@code level} (0: the rebuilt subtree's root); returns its
     * link, its box left in {@link #levels} at the level's place for its parent's side, its sizes in
     * the subtrees' arrays.
     */
    private int build(int lo, int hi, int level) {
        if (lo == hi) return BoxLayout.leafLink(lo, 1);
        int node = reuse[reused++], mid = (lo + hi + 1) >>> 1;
        leaves[node] = hi - lo + 1;
        firstSlot[node] = lo;
        height[node] = ceilLog2(hi - lo + 1); // halves of floor(m / 2) and ceil(m / 2) leaves
        int a = 2 * BOX * (level + 1), b = a + BOX; // this node's two children's boxes
        int la = build(lo, mid - 1, level + 1);
        if (la < 0) System.arraycopy(leafBoxes, BOX * (lo - first), levels, a, BOX);
        else union(levels, 2 * BOX * (level + 2), levels, a);
        int lb = build(mid, hi, level + 1);
        if (lb < 0) System.arraycopy(leafBoxes, BOX * (mid - first), levels, b, BOX);
        else union(levels, 2 * BOX * (level + 2), levels, b);
        LinearBvhTwin.put(nodes, node, 0, levels, a, la);
        LinearBvhTwin.put(nodes, node, 1, levels, b, lb);
        return node;
    }

    /** The union of the two boxes at {@code from} (a child pair) into {@code to}. */
    private static void union(float[] boxes, int from, float[] out, int to) {
        for (int k = 0; k < 3; k++) {
            out[to + k] = Math.min(boxes[from + k], boxes[from + BOX + k]);
            out[to + 3 + k] = Math.max(boxes[from + 3 + k], boxes[from + BOX + 3 + k]);
        }
    }

    private static int ceilLog2(int m) {
        return m <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(m - 1);
    }
}
