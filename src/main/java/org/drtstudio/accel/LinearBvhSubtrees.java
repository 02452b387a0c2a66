package org.drtstudio.accel;

import java.util.concurrent.ForkJoinTask;

/**
 * Per inner node of a {@link LinearBvh}: the leaves under it, its subtree's height and its first
 * slot, measured on every core (subtrees above {@link #FORK_DEPTH} as fork/join tasks). What
 * {@link LinearBvhHeightLimit} needs to find the parts too deep and {@link LinearBvhSpheres} to
 * place every node: measured once for both (or recorded by the tree's builder), and kept up to date
 * by the limit where it rebalanced the tree.
 */
final class LinearBvhSubtrees {
    /** Levels above which both children are measured at once (2^8 subtrees for the cores to share). */
    private static final int FORK_DEPTH = 8;

    private final LinearBvh bvh;
    final int[] leaves, height, firstSlot;

    /** Measures {@code bvh} (nothing to measure for a tree of one leaf). */
    LinearBvhSubtrees(LinearBvh bvh) {
        this.bvh = bvh;
        int n = bvh.innerCount();
        leaves = new int[n];
        height = new int[n];
        firstSlot = new int[n];
        if (n > 0) measure(0, 0); // the top levels at once
    }

    private LinearBvhSubtrees(LinearBvh bvh, LinearBvh.SubtreeSizes sizes) {
        this.bvh = bvh;
        leaves = sizes.leaves();
        height = sizes.height();
        firstSlot = sizes.firstSlot();
    }

    /**
     * The subtrees of {@code bvh}: the sizes its builder measured, taken over (the height limit
     * rewrites them with the tree), or measured here when it has none.
     */
    static LinearBvhSubtrees of(LinearBvh bvh) {
        LinearBvh.SubtreeSizes sizes = bvh.sizes();
        if (sizes == null) return new LinearBvhSubtrees(bvh);
        int n = bvh.innerCount();
        if (sizes.leaves().length != n || sizes.height().length != n || sizes.firstSlot().length != n) {
            throw new IllegalArgumentException("the builder's subtree sizes are for " + sizes.leaves().length + " inner nodes, the tree has " + n);
        }
        return new LinearBvhSubtrees(bvh, sizes);
    }

    /**
     * Takes inner node {@code node}'s height from its children's (after one of their subtrees was
     * rebuilt); its leaves and first slot stay, as a rewritten subtree holds the same slots.
     */
    void heightFromChildren(int node) {
        int h = 0;
        for (int side = 0; side < 2; side++) {
            int link = bvh.link(node, side);
            if (link >= 0) h = Math.max(h, height[link]);
        }
        height[node] = h + 1;
    }

    private int measure(int node, int depth) {
        int a = bvh.link(node, 0), b = bvh.link(node, 1);
        if (depth < FORK_DEPTH && a >= 0 && b >= 0) {
            ForkJoinTask<Integer> left = ForkJoinTask.adapt(() -> measure(a, depth + 1)).fork();
            measure(b, depth + 1);
            left.join();
        } else {
            if (a >= 0) measure(a, depth + 1);
            if (b >= 0) measure(b, depth + 1);
        }
        int h = 0, count = 0, first = Integer.MAX_VALUE;
        for (int side = 0; side < 2; side++) {
            int link = side == 0 ? a : b;
            if (link < 0) {
                count++;
                first = Math.min(first, ~link >>> BoxLayout.LEAF_COUNT_BITS);
            } else {
                h = Math.max(h, height[link]);
                count += leaves[link];
                first = Math.min(first, firstSlot[link]);
            }
        }
        leaves[node] = count;
        firstSlot[node] = first;
        return height[node] = h + 1;
    }

    /** Leaves under a link: one for a leaf link, else the inner node's count. */
    int leavesOf(int link) {
        return link < 0 ? 1 : leaves[link];
    }
}
