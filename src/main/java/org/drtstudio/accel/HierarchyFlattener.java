package org.drtstudio.accel;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Turns the builder's {@link NodeList}s into a {@link SphereHierarchy}: nodes in depth-first
 * pre-order (left child first), skip links from subtree sizes, inner spheres enclosing their
 * children's, bottom-up.
 *
 * <p>A child list is one whole subtree, so its nodes take a contiguous range of the pre-order
 * whose length is known beforehand ({@link NodeList#totalSize}): each list is flattened as a
 * fork/join task of its own into its range, on every core (serial, this took 60 ms of a 1M-triangle
 * build with the other core idle). A list's inner nodes wait for the lists below them before
 * their sizes and spheres are made. The result is the same whatever ran in parallel.
 */
final class HierarchyFlattener {
    private final float[] leafSpheres;
    private final float[] spheres;
    private final int[] hit, miss, pStart, pCount, subtreeSize;

    private HierarchyFlattener(int total, float[] leafSpheres) {
        this.leafSpheres = leafSpheres;
        spheres = new float[4 * total];
        hit = new int[total];
        miss = new int[total];
        pStart = new int[total];
        pCount = new int[total];
        subtreeSize = new int[total];
    }

    /**
     * @param leafSpheres per leaf, at the slot of its first primitive: its sphere (4 floats)
     * @param order       the primitives' order by slot, kept by the hierarchy
     */
    static SphereHierarchy flatten(NodeList tree, float[] leafSpheres, int[] order, ForkJoinPool pool) {
        int total = tree.totalSize();
        HierarchyFlattener f = new HierarchyFlattener(total, leafSpheres);
        Part root = f.new Part(tree, 0, 1);
        int depth = tree.subs.length == 0 ? root.compute() : pool.invoke(root);
        return new SphereHierarchy(f.spheres, f.hit, f.miss, f.pStart, f.pCount, order.clone(), depth);
    }

    /** One list's nodes, from pre-order index {@code first} on; returns the deepest depth below. */
    private final class Part extends RecursiveTask<Integer> {
        private final NodeList list;
        private final int first, depth;

        Part(NodeList list, int first, int depth) {
            this.list = list;
            this.first = first;
            this.depth = depth;
        }

        @Override
        protected Integer compute() {
            int total = hit.length;
            // Pre-order with an explicit stack of links (a node of this list, or a child list's root).
            int[] own = new int[list.size];
            int[] stack = new int[64], depths = new int[64];
            Part[] parts = new Part[list.subs.length];
            int sp = 0, next = first, owned = 0, maxDepth = depth, subs = 0;
            stack[sp] = 0;
            depths[sp++] = depth;
            while (sp > 0) {
                int link = stack[--sp], d = depths[sp];
                maxDepth = Math.max(maxDepth, d);
                if (link <= -2) {
                    NodeList sub = list.subs[-2 - link];
                    parts[subs++] = new Part(sub, next, d);
                    next += sub.totalSize();
                    continue;
                }
                int f = next++;
                own[owned++] = f;
                if (list.left[link] == -1) {
                    pStart[f] = list.start[link];
                    pCount[f] = list.count[link];
                    continue;
                }
                if (sp + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, 2 * stack.length);
                    depths = Arrays.copyOf(depths, stack.length);
                }
                stack[sp] = list.right[link];
                depths[sp++] = d + 1;
                stack[sp] = list.left[link];
                depths[sp++] = d + 1;
            }
            if (subs > 0) {
                invokeAll(parts);
                for (Part p : parts) maxDepth = Math.max(maxDepth, p.join());
            }
            // Bottom-up over this list's nodes: a node's children come after it in pre-order, and
            // those in child lists are finished.
            for (int k = owned - 1; k >= 0; k--) {
                int f = own[k];
                if (pCount[f] > 0) {
                    subtreeSize[f] = 1;
                    System.arraycopy(leafSpheres, 4 * pStart[f], spheres, 4 * f, 4);
                } else {
                    int right = f + 1 + subtreeSize[f + 1];
                    subtreeSize[f] = 1 + subtreeSize[f + 1] + subtreeSize[right];
                    enclose(spheres, 4 * (f + 1), 4 * right, 4 * f);
                }
                int skip = f + subtreeSize[f];
                miss[f] = skip == total ? GeometryImageLayout.END : skip;
                hit[f] = pCount[f] > 0 ? miss[f] : f + 1;
            }
            return maxDepth;
        }
    }

    /** Smallest sphere containing spheres a and b, written at o. */
    static void enclose(float[] s, int a, int b, int o) {
        double dx = s[b] - s[a], dy = s[b + 1] - s[a + 1], dz = s[b + 2] - s[a + 2];
        double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double ra = s[a + 3], rb = s[b + 3];
        if (d + rb <= ra) {
            SphereHierarchyBuilder.store(s, o, s[a], s[a + 1], s[a + 2], ra);
        } else if (d + ra <= rb) {
            SphereHierarchyBuilder.store(s, o, s[b], s[b + 1], s[b + 2], rb);
        } else {
            double r = 0.5 * (d + ra + rb);
            double k = (r - ra) / d;
            SphereHierarchyBuilder.store(s, o, s[a] + dx * k, s[a + 1] + dy * k, s[a + 2] + dz * k, r);
        }
    }
}
