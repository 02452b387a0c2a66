package org.drtstudio.accel;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * A hierarchy made in a fraction of a binned build's time, for a large model's first picture
 * ({@link SphereHierarchyBuilder#buildStaged}): a linear BVH (Lauterbach et al. 2009; Karras 2012,
 * "Maximizing Parallelism in the Construction of BVHs, Octrees, and k-d Trees"). The primitives are
 * sorted along a Morton curve through their centroids, and every range of them is split where the
 * codes of its first and last primitive first differ (the middle of the range when they are equal),
 * down to leaves of at most {@link #LEAF_MAX} primitives. No split is searched for, so the work is
 * one radix sort and one pass per tree level over the node ranges instead of the binned build's
 * passes over every primitive per level; the tree traces slower than a binned one, which is why it
 * is only ever a first stage. Leaf spheres and inner spheres are made as the binned build makes them,
 * so both tracers and the box layout take the tree as they take any other.
 */
final class MortonHierarchyBuilder {
    /** Primitives per leaf at most: the binned build's leaves hold up to 4; 16 make a quarter of the nodes to flatten, pack and lay out as boxes (222k for a 1.1M-triangle mesh, 758k with 4), for about 5% more steps per ray. */
    static final int LEAF_MAX = 16;
    /** Bits per axis of a Morton code: 30 in all, sorted in three passes of 10. */
    private static final int BITS = 10;
    private static final int RADIX_BITS = 10, BUCKETS = 1 << RADIX_BITS;
    /** Ranges at least this large on both sides of a split are built as parallel tasks. */
    private static final int PARALLEL_MIN = 16_384;

    private final FlatScene scene;
    private final int n;
    /** Per slot: the Morton code and the primitive, sorted by code. */
    private int[] codes;
    private final int[] order;
    /** Per leaf, at the slot of its first primitive: its sphere (see {@link HierarchyFlattener}). */
    private final float[] leafSpheres;

    private MortonHierarchyBuilder(FlatScene scene, ForkJoinPool pool) {
        this.scene = scene;
        this.n = scene.primitiveCount();
        int[] unsorted = mortonCodes(pool);
        int[] primitives = new int[n];
        for (int i = 0; i < n; i++) primitives[i] = i;
        int[][] sorted = radixSort(unsorted, primitives, pool);
        codes = sorted[0];
        order = sorted[1];
        leafSpheres = new float[4 * n];
    }

    static SphereHierarchy build(FlatScene scene, ForkJoinPool pool) {
        if (scene.primitiveCount() == 0) throw new IllegalArgumentException("the scene has no geometry to render");
        MortonHierarchyBuilder b = new MortonHierarchyBuilder(scene, pool);
        Range root = b.new Range(0, b.n);
        NodeList tree = b.n >= 2 * PARALLEL_MIN ? pool.invoke(root) : root.compute();
        b.codes = null;
        return HierarchyFlattener.flatten(tree, b.leafSpheres, b.order, pool);
    }

    /** Each primitive's code: its centroid (the centre of its box) quantized to {@link #BITS} bits per axis over all centroids' bounds, bits interleaved. */
    private int[] mortonCodes(ForkJoinPool pool) {
        float[] centroids = new float[3 * n];
        int chunks = (n + ParallelRanges.CHUNK - 1) / ParallelRanges.CHUNK;
        float[][] bounds = new float[chunks][];
        inPool(pool, () -> ParallelRanges.forEach(n, (from, to) -> bounds[from / ParallelRanges.CHUNK] = centroids(from, to, centroids)));
        float[] b = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (float[] part : bounds) {
            for (int a = 0; a < 3; a++) {
                b[a] = Math.min(b[a], part[a]);
                b[3 + a] = Math.max(b[3 + a], part[3 + a]);
            }
        }
        float[] scale = new float[3];
        for (int a = 0; a < 3; a++) {
            float extent = b[3 + a] - b[a];
            // A flat or non-finite extent puts every code's bits of that axis at 0.
            scale[a] = extent > 0 && extent < Float.POSITIVE_INFINITY ? (1 << BITS) / extent : 0;
        }
        int[] codes = new int[n];
        inPool(pool, () -> ParallelRanges.forEach(n, (from, to) -> {
            for (int i = from; i < to; i++) {
                codes[i] = spread(quantize(centroids[3 * i], b[0], scale[0]))
                        | spread(quantize(centroids[3 * i + 1], b[1], scale[1])) << 1
                        | spread(quantize(centroids[3 * i + 2], b[2], scale[2])) << 2;
            }
        }));
        return codes;
    }

    /** Centroids of primitives [from, to) into {@code out}; returns their bounds (min xyz, max xyz), NaN left out. */
    private float[] centroids(int from, int to, float[] out) {
        int tris = scene.triangleCount();
        float[] pos = scene.positions(), sp = scene.spheres();
        float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        for (int p = from; p < to; p++) {
            float x, y, z;
            if (p < tris) {
                int a = scene.corner(p, 0), b = scene.corner(p, 1), c = scene.corner(p, 2);
                x = 0.5f * (Math.min(pos[a], Math.min(pos[b], pos[c])) + Math.max(pos[a], Math.max(pos[b], pos[c])));
                y = 0.5f * (Math.min(pos[a + 1], Math.min(pos[b + 1], pos[c + 1])) + Math.max(pos[a + 1], Math.max(pos[b + 1], pos[c + 1])));
                z = 0.5f * (Math.min(pos[a + 2], Math.min(pos[b + 2], pos[c + 2])) + Math.max(pos[a + 2], Math.max(pos[b + 2], pos[c + 2])));
            } else {
                int s = 4 * (p - tris);
                x = sp[s];
                y = sp[s + 1];
                z = sp[s + 2];
            }
            out[3 * p] = x;
            out[3 * p + 1] = y;
            out[3 * p + 2] = z;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
            if (z < z0) z0 = z;
            if (z > z1) z1 = z;
        }
        return new float[]{x0, y0, z0, x1, y1, z1};
    }

    private static int quantize(float v, float min, float scale) {
        int q = (int) ((v - min) * scale); // NaN gives 0
        return q < 0 ? 0 : Math.min(q, (1 << BITS) - 1);
    }

    /** The 10 low bits of v moved to every third bit. */
    private static int spread(int v) {
        v = (v | v << 16) & 0x030000FF;
        v = (v | v << 8) & 0x0300F00F;
        v = (v | v << 4) & 0x030C30C3;
        v = (v | v << 2) & 0x09249249;
        return v;
    }

    /**
     * Sorts the (code, primitive) pairs by code, stable, by least significant digit first: each
     * pass counts its digit in parallel parts, and each part then scatters its own pairs to the
     * places its counts give it, so the order within a bucket is the input's.
     */
    static int[][] radixSort(int[] keys, int[] values, ForkJoinPool pool) {
        int n = keys.length, parts = n < 4 * BUCKETS ? 1 : pool.getParallelism();
        int[] k2 = new int[n], v2 = new int[n];
        for (int shift = 0; shift < 3 * BITS; shift += RADIX_BITS) {
            int[] srcK = keys, srcV = values, dstK = k2, dstV = v2;
            int sh = shift;
            int[][] counts = new int[parts][BUCKETS];
            ParallelRanges.inParts(pool, 0, n, parts, (part, from, to) -> {
                int[] c = counts[part];
                for (int i = from; i < to; i++) c[srcK[i] >>> sh & BUCKETS - 1]++;
            });
            int next = 0;
            for (int b = 0; b < BUCKETS; b++) {
                for (int[] c : counts) {
                    int k = c[b];
                    c[b] = next;
                    next += k;
                }
            }
            ParallelRanges.inParts(pool, 0, n, parts, (part, from, to) -> {
                int[] at = counts[part];
                for (int i = from; i < to; i++) {
                    int d = at[srcK[i] >>> sh & BUCKETS - 1]++;
                    dstK[d] = srcK[i];
                    dstV[d] = srcV[i];
                }
            });
            k2 = keys;
            v2 = values;
            keys = dstK;
            values = dstV;
        }
        return new int[][]{keys, values};
    }

    /** Runs {@code r} as a task of the pool (so its parallel streams and forks use the pool's threads), from a pool thread or not. */
    private static void inPool(ForkJoinPool pool, Runnable r) {
        if (ForkJoinTask.inForkJoinPool()) r.run();
        else pool.invoke(ForkJoinTask.adapt(r));
    }

    /**
     * The subtree over slots [s, s+c): ranges split at the first differing code bit, larger
     * halves on both sides as parallel tasks, the rest with an explicit stack.
     */
    private final class Range extends RecursiveTask<NodeList> {
        private final int s, c;

        Range(int s, int c) {
            this.s = s;
            this.c = c;
        }

        @Override
        protected NodeList compute() {
            NodeList list = new NodeList(Math.min(c, 2 * PARALLEL_MIN) / 2);
            int[] stack = new int[64];
            int sp = 0;
            stack[sp++] = list.add(s, c);
            while (sp > 0) {
                int node = stack[--sp];
                int ns = list.start[node], nc = list.count[node];
                if (nc <= LEAF_MAX) {
                    leafSphere(ns, nc);
                    continue;
                }
                int mid = split(ns, ns + nc);
                int lc = mid - ns, rc = ns + nc - mid;
                if (lc >= PARALLEL_MIN && rc >= PARALLEL_MIN) {
                    list.forkChildren(node, new Range(ns, lc), new Range(mid, rc));
                    continue;
                }
                int li = list.addChildren(node, ns, lc, rc);
                if (sp + 2 > stack.length) stack = java.util.Arrays.copyOf(stack, 2 * stack.length);
                stack[sp++] = li + 1;
                stack[sp++] = li;
            }
            return list;
        }
    }

    /** The first slot of [s, e)'s second half: where the highest bit that differs between its first and last code turns 1. */
    private int split(int s, int e) {
        int first = codes[s], last = codes[e - 1];
        if (first == last) return s + (e - s) / 2;
        int bit = 1 << 31 - Integer.numberOfLeadingZeros(first ^ last);
        // Codes are sorted and share every bit above this one, so those with it clear come first.
        int lo = s + 1, hi = e - 1; // codes[s] has it clear, codes[e - 1] set
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if ((codes[m] & bit) != 0) hi = m;
            else lo = m + 1;
        }
        return lo;
    }

    /** A leaf's sphere as the binned build makes it, from the box of its vertices (this builder keeps no boxes). */
    private void leafSphere(int s, int c) {
        int tris = scene.triangleCount();
        float[] pos = scene.positions(), sp = scene.spheres();
        float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        for (int i = s; i < s + c; i++) {
            int p = order[i];
            if (p < tris) {
                for (int v = 0; v < 3; v++) {
                    int b = scene.corner(p, v);
                    x0 = Math.min(x0, pos[b]);
                    y0 = Math.min(y0, pos[b + 1]);
                    z0 = Math.min(z0, pos[b + 2]);
                    x1 = Math.max(x1, pos[b]);
                    y1 = Math.max(y1, pos[b + 1]);
                    z1 = Math.max(z1, pos[b + 2]);
                }
            } else {
                int b = 4 * (p - tris);
                float r = sp[b + 3];
                x0 = Math.min(x0, sp[b] - r);
                y0 = Math.min(y0, sp[b + 1] - r);
                z0 = Math.min(z0, sp[b + 2] - r);
                x1 = Math.max(x1, sp[b] + r);
                y1 = Math.max(y1, sp[b + 1] + r);
                z1 = Math.max(z1, sp[b + 2] + r);
            }
        }
SphereHierarchyBuilder.storeLeafSphere(scene, order, s, c, x0, y0, z0, x1, y1, z1, leafSpheres);
    }
}
