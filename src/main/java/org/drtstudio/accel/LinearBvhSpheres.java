package org.drtstudio.accel;

import java.util.concurrent.ForkJoinTask;

/**
 * The geometry image's sphere tree over a {@link LinearBvh}'s own nodes and leaves, written
 * straight from its links: the same tree, bit for bit, as {@link HierarchyFlattener} makes of it
 * through {@link NodeList}s (LinearBvhSpheresTest), without those lists or the flattener's work
 * arrays (for 10M triangles about 1 GB fewer and two passes fewer).
 *
 * <p>A binary tree of one triangle a leaf has 2m - 1 nodes over m leaves, so every node's place in
 * the depth-first pre-order (left child first) follows from its subtree's leaf count: an inner node
 * at p has its left child at p + 1 and its right one after the left subtree. Leaf counts are
 * measured first; then one walk writes each node's links going down and its sphere coming back up.
 * Both run subtrees as fork/join tasks above {@link #FORK_DEPTH}.
 */
final class LinearBvhSpheres {
    /** Levels above which both children run at once (2^8 subtrees for the cores to share). */
    private static final int FORK_DEPTH = 8;

    private final LinearBvh bvh;
    private final float[] leafSpheres;
    /** Per inner node of the linear BVH: the leaves under it. */
    private final int[] leaves;
    private final float[] spheres;
    private final int[] hit, miss, primStart, primCount;
    private final int total;

    private LinearBvhSpheres(LinearBvh bvh, float[] leafSpheres) {
        this.bvh = bvh;
        this.leafSpheres = leafSpheres;
        leaves = new int[bvh.innerCount()];
        total = 2 * bvh.triangleCount() - 1;
        spheres = new float[4 * total];
        hit = new int[total];
        miss = new int[total];
        primStart = new int[total];
        primCount = new int[total];
    }

    /**
     * @param leafSpheres per slot, the sphere of its triangle (4 floats)
     */
    static SphereHierarchy of(LinearBvh bvh, float[] leafSpheres) {
        LinearBvhSpheres s = new LinearBvhSpheres(bvh, leafSpheres);
        int depth;
        if (bvh.triangleCount() == 1) {
            s.leaf(0, 0);
            depth = 1;
        } else {
            s.count(0, 0);
            depth = s.write(0, 0, 1);
        }
        return new SphereHierarchy(s.spheres, s.hit, s.miss, s.primStart, s.primCount, bvh.order().clone(), depth);
    }

    /** Fills {@link #leaves} below inner node {@code node} at level {@code level}. */
    private void count(int node, int level) {
        int a = bvh.link(node, 0), b = bvh.link(node, 1);
        if (level < FORK_DEPTH && a >= 0 && b >= 0) {
            ForkJoinTask<?> left = ForkJoinTask.adapt(() -> count(a, level + 1)).fork();
            count(b, level + 1);
            left.join();
        } else {
            if (a >= 0) count(a, level + 1);
            if (b >= 0) count(b, level + 1);
        }
        leaves[node] = leavesOf(a) + leavesOf(b);
    }

    private int leavesOf(int link) {
        return link < 0 ? 1 : leaves[link];
    }

    /** Nodes in the subtree a link leads to. */
    private int sizeOf(int link) {
        return 2 * leavesOf(link) - 1;
    }

    /** Writes the subtree of {@code link} from pre-order place {@code at}, at depth {@code depth}; returns its deepest depth. */
    private int write(int link, int at, int depth) {
        if (link < 0) {
            leaf(at, ~link >>> BoxLayout.LEAF_COUNT_BITS);
            return depth;
        }
        int a = bvh.link(link, 0), b = bvh.link(link, 1);
        int left = at + 1, right = left + sizeOf(a), deepest;
        if (depth <= FORK_DEPTH && a >= 0 && b >= 0) {
            ForkJoinTask<Integer> task = ForkJoinTask.adapt(() -> write(a, left, depth + 1)).fork();
            deepest = write(b, right, depth + 1);
            deepest = Math.max(deepest, task.join());
        } else {
            deepest = Math.max(write(a, left, depth + 1), write(b, right, depth + 1));
        }
        int skip = at + sizeOf(link);
        miss[at] = skip == total ? GeometryImageLayout.END : skip;
        hit[at] = left;
        HierarchyFlattener.enclose(spheres, 4 * left, 4 * right, 4 * at);
        return deepest;
    }

    /** The leaf of slot {@code slot} at pre-order place {@code at}. */
    private void leaf(int at, int slot) {
        primStart[at] = slot;
        primCount[at] = 1;
        System.arraycopy(leafSpheres, 4 * slot, spheres, 4 * at, 4);
        int skip = at + 1;
        miss[at] = skip == total ? GeometryImageLayout.END : skip;
        hit[at] = miss[at];
    }
}
