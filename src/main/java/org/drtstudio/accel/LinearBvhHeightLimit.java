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
    private final LinearBvh bvh;
    private final LinearBvhSubtrees subtrees;
    private final float[] positions;
    private final int[] indices;
    private final int limit;
    /** Per inner node: leaves and height of its subtree, and its first slot. */
    private final int[] leaves, height, firstSlot;
    private int[] reuse;
    private int reused;

    private LinearBvhHeightLimit(LinearBvh bvh, LinearBvhSubtrees subtrees, float[] positions, int[] indices, int limit) {
        this.bvh = bvh;
        this.subtrees = subtrees;
        this.positions = positions;
        this.indices = indices;
        this.limit = limit;
        leaves = subtrees.leaves;
        height = subtrees.height;
        firstSlot = subtrees.firstSlot;
    }

    /**
     * The tree itself when it is low enough, else the same tree with its too-deep parts balanced in
     * place: its nodes are rewritten, so the caller must own them (a build's fresh tree; a copy cost
     * 640 MB more for 10M triangles), and {@code subtrees} are kept to match: the rebuilt subtrees
     * measured again, and the heights of the nodes above them (measuring the whole tree again took
     * 124-146 ms of bunny_18m's 2-core load).
     *
     * @param subtrees {@code bvh} measured
     */
    static LinearBvh apply(LinearBvh bvh, LinearBvhSubtrees subtrees, float[] positions, int[] indices, int limit) {
        if (bvh.height() <= limit) return bvh;
        new LinearBvhHeightLimit(bvh, subtrees, positions, indices, limit).fit(0, 1);
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
            subtrees.measureAgain(node);
            return;
        }
        for (int side = 0; side < 2; side++) {
            int link = bvh.link(node, side);
            if (link >= 0) fit(link, depth + 1);
        }
        subtrees.heightFromChildren(node);
    }

    /** Rebuilds {@code node}'s subtree as a balanced tree over its slots, in its own inner nodes (node first). */
    private void balance(int node) {
        reuse = new int[leaves[node] - 1];
        reused = 0;
        collect(node);
        reused = 0;
        build(firstSlot[node], firstSlot[node] + leaves[node] - 1, new float[6]);
    }

    private void collect(int node) {
        reuse[reused++] = node;
        for (int side = 0; side < 2; side++) {
            int link = bvh.link(node, side);
            if (link >= 0) collect(link);
        }
    }

    /** The balanced tree over slots lo..hi: writes its box into {@code box}, returns its link. */
    private int build(int lo, int hi, float[] box) {
        if (lo == hi) {
            System.arraycopy(LinearBvhTwin.triangleBox(positions, indices, bvh.order()[lo]), 0, box, 0, 6);
            return BoxLayout.leafLink(lo, 1);
        }
        int node = reuse[reused++], mid = (lo + hi + 1) >>> 1;
        float[] a = new float[6], b = new float[6];
        int la = build(lo, mid - 1, a), lb = build(mid, hi, b);
        LinearBvhTwin.put(bvh.nodes(), node, 0, a, la);
        LinearBvhTwin.put(bvh.nodes(), node, 1, b, lb);
        for (int k = 0; k < 3; k++) {
            box[k] = Math.min(a[k], b[k]);
            box[3 + k] = Math.max(a[3 + k], b[3 + k]);
        }
        return node;
    }

    private static int ceilLog2(int m) {
        return m <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(m - 1);
    }
}
