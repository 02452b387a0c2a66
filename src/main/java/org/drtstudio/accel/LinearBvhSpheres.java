package org.drtstudio.accel;

import java.util.concurrent.ForkJoinTask;

import static org.drtstudio.accel.GeometryImageLayout.NODE_TEXELS;
import static org.drtstudio.accel.GeometryImageLayout.NodeField;

/**
 * The geometry image's sphere tree over a {@link LinearBvh}'s own nodes and leaves, written
 * straight from its links into the image's node texels: the nodes, bit for bit, that
 * {@link HierarchyFlattener} makes of the tree through {@link NodeList}s and
 * {@link ShapeHierarchyBuilder} packs (LinearBvhSpheresTest), without those lists, the flattener's
 * arrays or the packing pass (for 10M triangles about 1.3 GB fewer and three passes fewer).
 *
 * <p>A binary tree of one triangle a leaf has 2m - 1 nodes over m leaves, so every node's place in
 * the depth-first pre-order (left child first) follows from its subtree's leaf count: an inner node
 * at p has its left child at p + 1 and its right one after the left subtree ({@link LinearBvhSubtrees}
 * counts them). One walk writes each node's links going down and its sphere coming back up, its
 * subtrees as fork/join tasks above {@link #FORK_DEPTH}.
 */
final class LinearBvhSpheres {
    /** Levels above which both children run at once (2^8 subtrees for the cores to share). */
    private static final int FORK_DEPTH = 8;

    /** The packed nodes, their count and the tree's depth (the longest root-to-leaf path, in nodes). */
    record Packed(float[] nodes, int nodeCount, int depth) {
    }

    private static final int STRIDE = 4 * NODE_TEXELS;

    private final LinearBvh bvh;
    private final LinearBvhSubtrees subtrees;
    private final float[] leafSpheres;
    private final float[] nodes;
    private final int total;

    private LinearBvhSpheres(LinearBvh bvh, LinearBvhSubtrees subtrees, float[] leafSpheres) {
        this.bvh = bvh;
        this.subtrees = subtrees;
        this.leafSpheres = leafSpheres;
        total = 2 * bvh.triangleCount() - 1;
        nodes = new float[STRIDE * total];
    }

    /**
     * @param subtrees    {@code bvh} measured
     * @param leafSpheres per slot, the sphere of its triangle (4 floats)
     */
    static Packed of(LinearBvh bvh, LinearBvhSubtrees subtrees, float[] leafSpheres) {
        LinearBvhSpheres s = new LinearBvhSpheres(bvh, subtrees, leafSpheres);
        int depth;
        if (bvh.triangleCount() == 1) {
            s.leaf(0, 0);
            depth = 1;
        } else {
            depth = s.write(0, 0, 1);
        }
        return new Packed(s.nodes, s.total, depth);
    }

    /** Nodes in the subtree a link leads to. */
    private int sizeOf(int link) {
        return 2 * subtrees.leavesOf(link) - 1;
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
        int o = STRIDE * at;
        links(o, left, at + sizeOf(link), 0, 0);
        HierarchyFlattener.enclose(nodes, STRIDE * left, STRIDE * right, o);
        return deepest;
    }

    /** The leaf of slot {@code slot} at pre-order place {@code at}. */
    private void leaf(int at, int slot) {
        int o = STRIDE * at, skip = at + 1;
        System.arraycopy(leafSpheres, 4 * slot, nodes, o, 4);
        links(o, skip, skip, 1, slot);
    }

    /** A node's links and primitives at float offset {@code o}; a skip past the last node ends the walk. */
    private void links(int o, int hit, int skip, int primCount, int primStart) {
        int miss = skip == total ? GeometryImageLayout.END : skip;
        nodes[o + NodeField.HIT] = Float.intBitsToFloat(primCount > 0 ? miss : hit);
        nodes[o + NodeField.MISS] = Float.intBitsToFloat(miss);
        nodes[o + NodeField.PRIM_COUNT] = Float.intBitsToFloat(primCount);
        nodes[o + NodeField.PRIM_START] = Float.intBitsToFloat(primStart);
    }
}
