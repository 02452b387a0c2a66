package org.drtstudio.accel;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/**
 * Builds a {@link SphereHierarchy} over the primitives of a {@link FlatScene}.
 *
 * <p>Splits are chosen with a binned cost heuristic over the primitives' boxes, weighting each side
 * by its box's squared diagonal (the square of the radius of the sphere that will enclose it; the
 * spheres are fitted afterwards). Large builds run on all cores: the children of a large split
 * are built as parallel fork/join tasks; the tree is the same whatever ran in parallel. Leaf
 * spheres are centred on the leaf's box and reach its farthest vertex; an inner node gets the
 * smallest sphere that encloses both child spheres, so every child lies inside its parent by
 * construction. Spheres are inflated by a small relative margin so the float arithmetic of either
 * tracer never culls a primitive that a ray actually hits.
 */
public final class SphereHierarchyBuilder {
    /** Primitives per leaf at most; SAH may stop earlier. */
    public static final int MAX_LEAF_SIZE = 4;
    private static final int BINS = 16;
    /**
     * Cost of visiting a node relative to testing one primitive. 2 rather than 1: leaves then
     * hold more primitives (about 0.75 nodes per triangle instead of 1.05), which keeps the geometry
     * image under 64 bytes per triangle, and the trees' expected work fell slightly too (docs/ACCEL.md).
     */
    private static final float TRAVERSAL_COST = 2f;
    private static final float INTERSECT_COST = 1f;
    /** Relative sphere inflation: far above float rounding (~1e-7) and far below any visible effect. */
    static final float INFLATE_RELATIVE = 1e-4f;
    /**
     * Children of at least this many primitives each are built as parallel tasks. Large enough that
     * a task's work (~n log n binning steps) dwarfs forking it; small enough that the top levels of a
     * 50k-triangle mesh already keep both cores of a small machine busy (2,048 against 8,192: bunny
     * and dragon builds 6-9% faster on 2 cores, the 1M mesh the same; docs/ACCEL.md).
     */
    static final int PARALLEL_MIN = 2_048;
    /**
     * Nodes of at least this many primitives are binned along the axis of their widest centroid
     * spread only, a third of the binning work where the nodes are largest. Measured on the bunny,
     * the dragon and a 1M-triangle mesh (docs/ACCEL.md): from 4,096 down to 16 the build's CPU
     * time fell by about a third and the trees' expected cost rose by at most 0.6% (a widest-axis
     * cut keeps children compact, which suits spheres); binning every node along one axis only
     * (2) would save another ~16% for another ~0.6%.
     */
    static final int SINGLE_AXIS_MIN = 16;
    /**
     * Subtrees of at most this many primitives are built in one go by exact sweeps (every cut
     * between centroids sorted on each axis) instead of binning. Most nodes of a tree are this
     * small, and per node the binned split's fixed work (clearing and sweeping bins on three axes,
     * the task's explicit stack) cost more than the primitives themselves: on the 1.1M-triangle
     * bunny nodes below 16 primitives took about half of the build (docs/BENCHMARKS.md).
     */
    static final int SMALL_MAX = 16;
    /**
     * Nodes of at least this many primitives are binned in parallel parts, and the root's bounds
     * found so: the top of the tree, where one core would otherwise wait for the other (the root's
     * binning alone took about 15 ms of a 1M-triangle build). Bins are exact whatever the parts.
     */
    static final int PARALLEL_BINNING_MIN = 1 << 18;
    /** Primitives per chunk of the data-parallel passes (primitive boxes); each chunk is one task. */
    private static final int CHUNK = 32_768;
    /** Worker threads for large builds; daemon threads, idle when nobody builds. */
    private static final ForkJoinPool POOL = new ForkJoinPool(Math.max(1, Runtime.getRuntime().availableProcessors()));

    /**
     * The pool a build's parallel steps run in: the caller's own when it is a fork/join worker (the
     * studio's preview builds in a pool of lowered-priority threads, so that a drag's rebuilds leave
     * the cores to the window's threads), else this class's.
     */
    private static ForkJoinPool pool() {
        ForkJoinPool own = ForkJoinTask.getPool();
        return own != null ? own : POOL;
    }

    private final FlatScene scene;
    private final int maxLeafSize;
    /** Subtrees of at most this many primitives take the exact sweeps ({@link #SMALL_MAX}; 0 in tests comparing with binning only). */
    private final int smallMax;
    private final int n;
    /**
     * Per slot of {@link #order}: the box of the primitive in that slot (min xyz, max xyz), moved along
     * with it by every partition, so binning reads memory in order instead of through the index array.
     */
    private float[] box; // let go before flattening: it is the builder's largest array
    private final int[] order;
    /**
     * Per leaf, at the slot of its first primitive: its bounding sphere (4 floats), made as soon as
     * the leaf is (its slots are final then), so the parallel tasks make the leaves' spheres.
     */
    private final float[] leafSpheres;

    private SphereHierarchyBuilder(FlatScene scene, int maxLeafSize, int smallMax) {
        this.scene = scene;
        this.maxLeafSize = maxLeafSize;
        this.smallMax = smallMax;
        this.n = scene.primitiveCount();
        box = new float[6 * n];
        order = new int[n];
        leafSpheres = new float[4 * n];
        computePrimitiveBoxes();
    }

    public static SphereHierarchy build(FlatScene scene) {
        return build(scene, MAX_LEAF_SIZE);
    }

    /** @param maxLeafSize primitives per leaf at most (1 for the top level, whose leaves are single instances) */
    public static SphereHierarchy build(FlatScene scene, int maxLeafSize) {
        return build(scene, maxLeafSize, SMALL_MAX);
    }

    /** As {@link #build(FlatScene, int)}; {@code smallMax} 0 bins every node (tests compare the two). */
    static SphereHierarchy build(FlatScene scene, int maxLeafSize, int smallMax) {
        if (scene.primitiveCount() == 0) throw new IllegalArgumentException("the scene has no geometry to render");
        if (smallMax < 0 || smallMax > SMALL_MAX) throw new IllegalArgumentException("smallMax must be 0.." + SMALL_MAX);
        return new SphereHierarchyBuilder(scene, maxLeafSize, smallMax).run();
    }

    /**
     * A build in two stages, for a first picture sooner: {@link Staged#coarse} is a linear BVH
     * ({@link MortonHierarchyBuilder}: on a 1.1M-triangle mesh about a fifth of the time of this
     * builder's binned tree, which traces slower), {@link Staged#refine} then makes the very
     * hierarchy {@link #build(FlatScene)} makes.
     */
    static Staged buildStaged(FlatScene scene) {
        return new Staged(MortonHierarchyBuilder.build(scene, pool()), scene);
    }

    /** The two stages of {@link #buildStaged}. */
    static final class Staged {
        private final SphereHierarchy coarse;
        private FlatScene scene;

        private Staged(SphereHierarchy coarse, FlatScene scene) {
            this.coarse = coarse;
            this.scene = scene;
        }

        /** The quick hierarchy, leaves of up to {@link MortonHierarchyBuilder#LEAF_MAX} primitives. */
        SphereHierarchy coarse() {
            return coarse;
        }

        /** The full hierarchy, the same as {@link #build(FlatScene)}'s; once. */
        SphereHierarchy refine() {
            if (scene == null) throw new IllegalStateException("already refined");
            SphereHierarchy full = build(scene);
            scene = null;
            return full;
        }
    }

    private void computePrimitiveBoxes() {
        int tris = scene.triangleCount();
        // The boxes gather vertices through the index array (cache misses on large meshes): both cores help.
        if (tris >= 2 * CHUNK) pool().invoke(new Chunks(0, tris, this::triangleBoxes));
        else triangleBoxes(0, tris);
        float[] sp = scene.spheres();
        for (int s = 0; s < scene.sphereCount(); s++) {
            int p = tris + s;
            float r = sp[4 * s + 3];
            for (int a = 0; a < 3; a++) {
                box[6 * p + a] = sp[4 * s + a] - r;
                box[6 * p + 3 + a] = sp[4 * s + a] + r;
            }
        }
        for (int i = 0; i < n; i++) order[i] = i;
    }

    private interface RangeAction {
        void run(int from, int to);
    }

    /** Runs an action over [from, to) in chunks of {@link #CHUNK} as fork/join tasks. */
    private static final class Chunks extends RecursiveAction {
        private final int from, to;
        private final RangeAction action;

        Chunks(int from, int to, RangeAction action) {
            this.from = from;
            this.to = to;
            this.action = action;
        }

        @Override
        protected void compute() {
            if (to - from <= CHUNK) {
                action.run(from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Chunks(from, mid, action), new Chunks(mid, to, action));
        }
    }

    private void triangleBoxes(int from, int to) {
        float[] pos = scene.positions();
        for (int t = from; t < to; t++) {
            int c0 = scene.corner(t, 0), c1 = scene.corner(t, 1), c2 = scene.corner(t, 2);
            for (int a = 0; a < 3; a++) {
                float v0 = pos[c0 + a], v1 = pos[c1 + a], v2 = pos[c2 + a];
                box[6 * t + a] = Math.min(v0, Math.min(v1, v2));
                box[6 * t + 3 + a] = Math.max(v0, Math.max(v1, v2));
            }
        }
    }

    private SphereHierarchy run() {
        NodeList tree = grow();
        box = null;
        return HierarchyFlattener.flatten(tree, leafSpheres, order, pool());
    }

    private NodeList grow() {
        float[] bounds = new float[BOUNDS];
        if (n >= PARALLEL_BINNING_MIN) boundsInParts(n, bounds);
        else boundsOf(0, n, bounds);
        Subtree task = new Subtree(0, n, bounds);
        return n >= 2 * PARALLEL_MIN ? pool().invoke(task) : task.compute();
    }

    /**
     * Builds the subtree over slots [s, s+c). Children that are both large become parallel tasks;
     * everything else is split in this task with an explicit stack (SAH may cut off one primitive
     * at a time, so recursion depth is not bounded by log n). The tree does not depend on which
     * nodes ran in parallel: each split sees only its own primitives.
     */
    private final class Subtree extends RecursiveTask<NodeList> {
        private final int s, c;
        private final float[] bounds;

        /** @param bounds the slots' {@link Splitter bounds} */
        Subtree(int s, int c, float[] bounds) {
            this.s = s;
            this.c = c;
            this.bounds = bounds;
        }

        @Override
        protected NodeList compute() {
            Splitter splitter = new Splitter();
            // Sized for a task that forks no further (most of them); the larger ones mostly append their children's lists.
            NodeList list = new NodeList(Math.min(c, 2 * PARALLEL_MIN));
            // Pending nodes and their bounds (BOUNDS floats each), so no node is scanned twice for them.
            int[] stack = new int[128];
            float[] stackBounds = new float[128 * BOUNDS];
            int sp = 0;
            System.arraycopy(bounds, 0, stackBounds, 0, BOUNDS);
            stack[sp++] = list.add(s, c);
            float[] nb = new float[BOUNDS], lb = new float[BOUNDS], rb = new float[BOUNDS];
            while (sp > 0) {
                int node = stack[--sp];
                int ns = list.start[node], nc = list.count[node];
                if (nc <= smallMax) {
                    splitter.buildSmall(list, node, ns, nc);
                    continue;
                }
                System.arraycopy(stackBounds, sp * BOUNDS, nb, 0, BOUNDS);
                int mid = splitter.split(ns, nc, nb, lb, rb);
                if (mid < 0) {
                    leafSphere(list, node);
                    continue;
                }
                int lc = mid - ns, rc = ns + nc - mid;
                if (lc >= PARALLEL_MIN && rc >= PARALLEL_MIN) {
                    list.forkChildren(node, new Subtree(ns, lc, lb.clone()), new Subtree(mid, rc, rb.clone()));
                    continue;
                }
                int li = list.addChildren(node, ns, lc, rc), ri = li + 1;
                if (sp + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, stack.length * 2);
                    stackBounds = Arrays.copyOf(stackBounds, stack.length * BOUNDS);
                }
                System.arraycopy(rb, 0, stackBounds, sp * BOUNDS, BOUNDS);
                stack[sp++] = ri;
                System.arraycopy(lb, 0, stackBounds, sp * BOUNDS, BOUNDS);
                stack[sp++] = li;
            }
            return list;
        }
    }

    /** Floats of a node's bounds: centroid min xyz, centroid max xyz, box min xyz, box max xyz. */
    private static final int BOUNDS = 12;

    /** {@link #boundsOf} all slots, in parallel parts. */
    private void boundsInParts(int c, float[] out) {
        float[][] parts = new float[pool().getParallelism()][BOUNDS];
        ParallelRanges.inParts(pool(), 0, c, parts.length, (k, from, to) -> boundsOf(from, to - from, parts[k]));
        System.arraycopy(parts[0], 0, out, 0, BOUNDS);
        for (float[] p : parts) {
            for (int k = 0; k < 3; k++) {
                out[k] = Math.min(out[k], p[k]);
                out[3 + k] = Math.max(out[3 + k], p[3 + k]);
                out[6 + k] = Math.min(out[6 + k], p[6 + k]);
                out[9 + k] = Math.max(out[9 + k], p[9 + k]);
            }
        }
    }

    /** The bounds of slots [s, s+c), written to out. */
    private void boundsOf(int s, int c, float[] out) {
        for (int k = 0; k < 3; k++) {
            out[k] = out[6 + k] = Float.POSITIVE_INFINITY;
            out[3 + k] = out[9 + k] = Float.NEGATIVE_INFINITY;
        }
        for (int i = s; i < s + c; i++) {
            for (int k = 0; k < 3; k++) {
                float lo = box[6 * i + k], hi = box[6 * i + 3 + k], centre = 0.5f * (lo + hi);
                if (centre < out[k]) out[k] = centre;
                if (centre > out[3 + k]) out[3 + k] = centre;
                if (lo < out[6 + k]) out[6 + k] = lo;
                if (hi > out[9 + k]) out[9 + k] = hi;
            }
        }
    }

    /**
     * One task's SAH split: scratch for the bins, reused across nodes, so splitting allocates nothing.
     * A split reads each primitive twice, once to bin it and once to partition it; the children's
     * bounds come out of those two passes (boxes from the chosen bins, centroids from the partition).
     */
    private final class Splitter {
        private final int[] binCount = new int[3 * BINS];
        private final float[] binMin = new float[9 * BINS], binMax = new float[9 * BINS], rightWeight = new float[BINS];
        private final float[] acc = new float[6];
        private final float[] scale = new float[3];

        /**
         * Partitions slots [s, s+c) whose bounds are nb and returns the split position, or -1 to make
         * a leaf; on a split, writes the children's bounds to lb and rb.
         */
        int split(int s, int c, float[] nb, float[] lb, float[] rb) {
            if (c <= 1) return -1;
            float parentWeight = weight(nb[6], nb[7], nb[8], nb[9], nb[10], nb[11]);
            // Small nodes (most of them) get as many bins as primitives: the sweep's cost is per bin.
            int bins = Math.min(BINS, c);
            binPrimitives(s, c, nb, bins);
            bestCost = Float.POSITIVE_INFINITY;
            bestAxis = -1;
            bestBin = -1;
            for (int axis = 0; axis < 3; axis++) {
                if (scale[axis] != 0) sweepBins(axis, c, bins);
            }
            if (bestAxis < 0) {
                // All centroids coincide: SAH cannot separate them; halve by count to keep leaves small.
                if (c <= maxLeafSize) return -1;
                int mid = s + c / 2;
                boundsOf(s, mid - s, lb);
                boundsOf(mid, s + c - mid, rb);
                return mid;
            }
            if (c <= maxLeafSize && TRAVERSAL_COST + INTERSECT_COST * bestCost / Math.max(parentWeight, Float.MIN_NORMAL) >= INTERSECT_COST * c) return -1;
            int base = bestAxis * BINS;
            boxOfBins(base, base + bestBin, lb);
            boxOfBins(base + bestBin + 1, base + bins - 1, rb);
            return partition(s, c, bestAxis, nb[bestAxis], scale[bestAxis], bins, bestBin, lb, rb);
        }

        /** The best cut found by {@link #sweepBins} so far in this split: its cost, axis and last left bin. */
        private float bestCost;
        private int bestAxis, bestBin;

        /**
         * Bins slots [s, s+c) by centroid, in one pass along all three axes at once, or, for a large
         * node, along the axis of the widest centroid spread only (see SINGLE_AXIS_MIN); an axis not
         * binned gets scale 0.
         */
        private void binPrimitives(int s, int c, float[] nb, int bins) {
            int only = c >= SINGLE_AXIS_MIN ? widest(nb) : -1;
            for (int axis = 0; axis < 3; axis++) {
                if (only >= 0 && axis != only) {
                    scale[axis] = 0;
                    continue;
                }
                clearBins(axis, bins);
                float extent = nb[3 + axis] - nb[axis];
                scale[axis] = extent > 0 ? bins / extent : 0;
            }
            if (only >= 0 && c >= PARALLEL_BINNING_MIN) {
                binInParts(s, c, only, nb[only], scale[only], bins);
            } else if (only >= 0) {
                binAxis(s, c, only, nb[only], scale[only], bins);
            } else {
                float[] box = SphereHierarchyBuilder.this.box;
                float sx = scale[0], sy = scale[1], sz = scale[2], cx0 = nb[0], cy0 = nb[1], cz0 = nb[2];
                for (int i = 6 * s, e = 6 * (s + c); i < e; i += 6) {
                    float lx = box[i], ly = box[i + 1], lz = box[i + 2], hx = box[i + 3], hy = box[i + 4], hz = box[i + 5];
                    addToBin(binOf(0.5f * (lx + hx), cx0, sx, bins), lx, ly, lz, hx, hy, hz);
                    addToBin(BINS + binOf(0.5f * (ly + hy), cy0, sy, bins), lx, ly, lz, hx, hy, hz);
                    addToBin(2 * BINS + binOf(0.5f * (lz + hz), cz0, sz, bins), lx, ly, lz, hx, hy, hz);
                }
            }
        }

        /** Sweeps one axis's bins for the cheapest cut of the node's {@code c} primitives; keeps it when best. */
        private void sweepBins(int axis, int c, int bins) {
            int base = axis * BINS;
            // Sweep from the right to get the weight of every right-hand union, then from the
            // left; the box is kept in locals (this runs for every node, most of them small).
            float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
            for (int b = bins - 1; b > 0; b--) {
                int o = 3 * (base + b);
                if (binMin[o] < x0) x0 = binMin[o];
                if (binMin[o + 1] < y0) y0 = binMin[o + 1];
                if (binMin[o + 2] < z0) z0 = binMin[o + 2];
                if (binMax[o] > x1) x1 = binMax[o];
                if (binMax[o + 1] > y1) y1 = binMax[o + 1];
                if (binMax[o + 2] > z1) z1 = binMax[o + 2];
                rightWeight[b] = weight(x0, y0, z0, x1, y1, z1);
            }
            x0 = y0 = z0 = Float.POSITIVE_INFINITY;
            x1 = y1 = z1 = Float.NEGATIVE_INFINITY;
            int leftCount = 0;
            for (int b = 0; b < bins - 1; b++) {
                int o = 3 * (base + b);
                if (binMin[o] < x0) x0 = binMin[o];
                if (binMin[o + 1] < y0) y0 = binMin[o + 1];
                if (binMin[o + 2] < z0) z0 = binMin[o + 2];
                if (binMax[o] > x1) x1 = binMax[o];
                if (binMax[o + 1] > y1) y1 = binMax[o + 1];
                if (binMax[o + 2] > z1) z1 = binMax[o + 2];
                leftCount += binCount[base + b];
                int rightCount = c - leftCount;
                if (leftCount == 0 || rightCount == 0) continue;
                // The cost without its constant parts (traversal cost, division by the parent's weight): same order, no division per cut.
                float cost = weight(x0, y0, z0, x1, y1, z1) * leftCount + rightWeight[b + 1] * rightCount;
                if (cost < bestCost) {
                    bestCost = cost;
                    bestAxis = axis;
                    bestBin = b;
                }
            }
        }

        /** Per small subtree: centroids by axis and local index, their order per axis, the suffix weights, reorder scratch. */
        private final float[] centroid = new float[3 * SMALL_MAX], suffixWeight = new float[SMALL_MAX], scratchBox = new float[6 * SMALL_MAX];
        private final int[] sorted = new int[3 * SMALL_MAX], scratchOrder = new int[SMALL_MAX];

        /**
         * Builds the whole subtree of {@code node} over slots [s, s+c), c ≤ {@link #SMALL_MAX}: each
         * node takes the cheapest cut of its primitives sorted by centroid along x, y or z (the
         * same cost as the binned split, over every cut instead of bin boundaries), or stays a leaf
         * when no cut is cheaper than testing its primitives. Recursion depth is at most c.
         */
        void buildSmall(NodeList list, int node, int s, int c) {
            if (c <= 1) {
                leafSphere(list, node);
                return;
            }
            float parentWeight = Math.max(centroidsAndWeight(s, c), Float.MIN_NORMAL);
            bestCost = Float.POSITIVE_INFINITY;
            bestAxis = -1;
            int bestCut = -1;
            for (int axis = 0; axis < 3; axis++) {
                int cut = sweepSorted(axis, s, c);
                if (cut >= 0) bestCut = cut;
            }
            if (c <= maxLeafSize && !(TRAVERSAL_COST + INTERSECT_COST * bestCost / parentWeight < INTERSECT_COST * c)) {
                leafSphere(list, node);
                return;
            }
            if (bestAxis < 0) bestCut = c / 2; // no finite cost (non-finite coordinates): halve in slot order
            else reorderSlots(s, c, bestAxis);
            int li = list.add(s, bestCut), ri = list.add(s + bestCut, c - bestCut);
            list.left[node] = li;
            list.right[node] = ri;
            buildSmall(list, li, s, bestCut);
            buildSmall(list, ri, s + bestCut, c - bestCut);
        }

        /** Fills {@link #centroid} for slots [s, s+c) and returns the weight of their bounding box. */
        private float centroidsAndWeight(int s, int c) {
            float[] box = SphereHierarchyBuilder.this.box;
            float px0 = Float.POSITIVE_INFINITY, py0 = px0, pz0 = px0, px1 = Float.NEGATIVE_INFINITY, py1 = px1, pz1 = px1;
            for (int i = 0; i < c; i++) {
                int b = 6 * (s + i);
                px0 = Math.min(px0, box[b]);
                py0 = Math.min(py0, box[b + 1]);
                pz0 = Math.min(pz0, box[b + 2]);
                px1 = Math.max(px1, box[b + 3]);
                py1 = Math.max(py1, box[b + 4]);
                pz1 = Math.max(pz1, box[b + 5]);
                for (int a = 0; a < 3; a++) centroid[a * SMALL_MAX + i] = 0.5f * (box[b + a] + box[b + 3 + a]);
            }
            return weight(px0, py0, pz0, px1, py1, pz1);
        }

        /**
         * Sorts the slots by centroid along {@code axis} and sweeps every cut; returns the cut when it
         * is the best so far (kept in {@link #bestCost} and {@link #bestAxis}), else -1.
         */
        private int sweepSorted(int axis, int s, int c) {
            float[] box = SphereHierarchyBuilder.this.box;
            int o = axis * SMALL_MAX;
            // Insertion sort of local indices by centroid: stable, and c is at most SMALL_MAX.
            for (int i = 0; i < c; i++) {
                float key = centroid[o + i];
                int j = i - 1;
                while (j >= 0 && centroid[o + sorted[o + j]] > key) {
                    sorted[o + j + 1] = sorted[o + j];
                    j--;
                }
                sorted[o + j + 1] = i;
            }
            // Branch-free Math.min/max as in addToBin: the boxes along a sweep widen it unpredictably.
            float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
            for (int k = c - 1; k > 0; k--) {
                int b = 6 * (s + sorted[o + k]);
                x0 = Math.min(x0, box[b]);
                y0 = Math.min(y0, box[b + 1]);
                z0 = Math.min(z0, box[b + 2]);
                x1 = Math.max(x1, box[b + 3]);
                y1 = Math.max(y1, box[b + 4]);
                z1 = Math.max(z1, box[b + 5]);
                suffixWeight[k] = weight(x0, y0, z0, x1, y1, z1);
            }
            x0 = y0 = z0 = Float.POSITIVE_INFINITY;
            x1 = y1 = z1 = Float.NEGATIVE_INFINITY;
            int bestCut = -1;
            for (int k = 1; k < c; k++) {
                int b = 6 * (s + sorted[o + k - 1]);
                x0 = Math.min(x0, box[b]);
                y0 = Math.min(y0, box[b + 1]);
                z0 = Math.min(z0, box[b + 2]);
                x1 = Math.max(x1, box[b + 3]);
                y1 = Math.max(y1, box[b + 4]);
                z1 = Math.max(z1, box[b + 5]);
                float cost = weight(x0, y0, z0, x1, y1, z1) * k + suffixWeight[k] * (c - k); // as in split: constant parts left out
                if (cost < bestCost) {
                    bestCost = cost;
                    bestAxis = axis;
                    bestCut = k;
                }
            }
            return bestCut;
        }

        /** Puts slots [s, s+c) (boxes and primitive order) in their centroid order along {@code axis}. */
        private void reorderSlots(int s, int c, int axis) {
            float[] box = SphereHierarchyBuilder.this.box;
            int[] order = SphereHierarchyBuilder.this.order;
            int o = axis * SMALL_MAX;
            for (int i = 0; i < c; i++) {
                int from = s + sorted[o + i];
                for (int k = 0; k < 6; k++) scratchBox[6 * i + k] = box[6 * from + k];
                scratchOrder[i] = order[from];
            }
            System.arraycopy(scratchBox, 0, box, 6 * s, 6 * c);
            System.arraycopy(scratchOrder, 0, order, s, c);
        }

        private static int widest(float[] nb) {
            float ex = nb[3] - nb[0], ey = nb[4] - nb[1], ez = nb[5] - nb[2];
            return ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
        }

        /** The union of bins first..last (inclusive) as box bounds, floats 6..11 of out: exactly the primitives' box. */
        private void boxOfBins(int first, int last, float[] out) {
            resetBox(acc);
            for (int b = first; b <= last; b++) grow(acc, binMin, binMax, b);
            System.arraycopy(acc, 0, out, 6, 6);
        }

        private void clearBins(int axis, int bins) {
            Arrays.fill(binCount, axis * BINS, axis * BINS + bins, 0);
            Arrays.fill(binMin, 3 * axis * BINS, 3 * (axis * BINS + bins), Float.POSITIVE_INFINITY);
            Arrays.fill(binMax, 3 * axis * BINS, 3 * (axis * BINS + bins), Float.NEGATIVE_INFINITY);
        }

        /** Bins slots [s, s+c) along one axis whose bins start at {@code origin}, {@code scale} bins per unit. */
        private void binAxis(int s, int c, int axis, float origin, float scale, int bins) {
            float[] box = SphereHierarchyBuilder.this.box;
            int base = axis * BINS;
            for (int i = 6 * s, e = 6 * (s + c); i < e; i += 6) {
                float lx = box[i], ly = box[i + 1], lz = box[i + 2], hx = box[i + 3], hy = box[i + 4], hz = box[i + 5];
                addToBin(base + binOf(0.5f * (box[i + axis] + box[i + 3 + axis]), origin, scale, bins), lx, ly, lz, hx, hy, hz);
            }
        }

        /** As {@link #binAxis}, each part into bins of its own, then merged into these (already cleared). */
        private void binInParts(int s, int c, int axis, float origin, float scale, int bins) {
            Splitter[] parts = new Splitter[pool().getParallelism()];
            ParallelRanges.inParts(pool(), s, c, parts.length, (k, from, to) -> {
                parts[k] = new Splitter();
                parts[k].clearBins(axis, bins);
                parts[k].binAxis(from, to - from, axis, origin, scale, bins);
            });
            for (Splitter p : parts) {
                for (int b = axis * BINS; b < axis * BINS + bins; b++) {
                    binCount[b] += p.binCount[b];
                    for (int k = 3 * b; k < 3 * b + 3; k++) {
                        binMin[k] = Math.min(binMin[k], p.binMin[k]);
                        binMax[k] = Math.max(binMax[k], p.binMax[k]);
                    }
                }
            }
        }

        private void addToBin(int b, float lx, float ly, float lz, float hx, float hy, float hz) {
            // Math.min/max, not comparisons: they compile to branch-free code, and whether a box
            // widens its bin is unpredictable (bunny_1m's build: 10-15% less CPU).
            binCount[b]++;
            int o = 3 * b;
            binMin[o] = Math.min(binMin[o], lx);
            binMin[o + 1] = Math.min(binMin[o + 1], ly);
            binMin[o + 2] = Math.min(binMin[o + 2], lz);
            binMax[o] = Math.max(binMax[o], hx);
            binMax[o + 1] = Math.max(binMax[o + 1], hy);
            binMax[o + 2] = Math.max(binMax[o + 2], hz);
        }

        /**
         * Slots whose centroid falls in bins 0..bestBin first; returns the first slot of the rest.
         * Every primitive is classified exactly once, so its centroid goes into the bounds of the side it lands on.
         */
        private int partition(int s, int c, int axis, float min, float scale, int bins, int bestBin, float[] lb, float[] rb) {
            float[] box = SphereHierarchyBuilder.this.box;
            int[] order = SphereHierarchyBuilder.this.order;
            float lx0 = Float.POSITIVE_INFINITY, ly0 = lx0, lz0 = lx0, rx0 = lx0, ry0 = lx0, rz0 = lx0;
            float lx1 = Float.NEGATIVE_INFINITY, ly1 = lx1, lz1 = lx1, rx1 = lx1, ry1 = lx1, rz1 = lx1;
            int i = s, j = s + c - 1;
            while (i <= j) {
                int bi = 6 * i;
                float x = 0.5f * (box[bi] + box[bi + 3]), y = 0.5f * (box[bi + 1] + box[bi + 4]), z = 0.5f * (box[bi + 2] + box[bi + 5]);
                float v = axis == 0 ? x : axis == 1 ? y : z;
                if (binOf(v, min, scale, bins) <= bestBin) {
                    if (x < lx0) lx0 = x;
                    if (x > lx1) lx1 = x;
                    if (y < ly0) ly0 = y;
                    if (y > ly1) ly1 = y;
                    if (z < lz0) lz0 = z;
                    if (z > lz1) lz1 = z;
                    i++;
                } else {
                    if (x < rx0) rx0 = x;
                    if (x > rx1) rx1 = x;
                    if (y < ry0) ry0 = y;
                    if (y > ry1) ry1 = y;
                    if (z < rz0) rz0 = z;
                    if (z > rz1) rz1 = z;
                    int tmp = order[i];
                    order[i] = order[j];
                    order[j] = tmp;
                    int bj = 6 * j;
                    for (int k = 0; k < 6; k++) {
                        float f = box[bi + k];
                        box[bi + k] = box[bj + k];
                        box[bj + k] = f;
                    }
                    j--;
                }
            }
            lb[0] = lx0; lb[1] = ly0; lb[2] = lz0; lb[3] = lx1; lb[4] = ly1; lb[5] = lz1;
            rb[0] = rx0; rb[1] = ry0; rb[2] = rz0; rb[3] = rx1; rb[4] = ry1; rb[5] = rz1;
            return i;
        }
    }

    private static int binOf(float value, float min, float scale, int bins) {
        int b = (int) ((value - min) * scale);
        return b < 0 ? 0 : b >= bins ? bins - 1 : b;
    }

    private static void grow(float[] acc, float[] binMin, float[] binMax, int b) {
        // Comparisons rather than Math.min/max: no NaN can occur here, and over 16 bins the branches are cheap.
        for (int a = 0; a < 3; a++) {
            float lo = binMin[3 * b + a], hi = binMax[3 * b + a];
            if (lo < acc[a]) acc[a] = lo;
            if (hi > acc[3 + a]) acc[3 + a] = hi;
        }
    }

    private static void resetBox(float[] acc) {
        acc[0] = acc[1] = acc[2] = Float.POSITIVE_INFINITY;
        acc[3] = acc[4] = acc[5] = Float.NEGATIVE_INFINITY;
    }

    /**
     * The weight of a box in the split cost: its squared diagonal. A node is a sphere around its
     * box, whose radius grows with the diagonal, and a random ray meets a sphere with a chance
     * proportional to radius squared. The box's surface area (the usual SAH) rewards flat, long
     * boxes whose spheres are large; switching to the diagonal cut the expected traversal cost by
     * 9-13% on the bunny and the 1M mesh (docs/ACCEL.md).
     */
    private static float weight(float x0, float y0, float z0, float x1, float y1, float z1) {
        float dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
        if (!(dx >= 0)) return 0;
        return dx * dx + dy * dy + dz * dz;
    }

    /** The bounding sphere of a leaf, into {@link #leafSpheres}. */
    private void leafSphere(NodeList list, int node) {
        int s = list.start[node], c = list.count[node];
        float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        for (int b = 6 * s, e = 6 * (s + c); b < e; b += 6) {
            x0 = Math.min(x0, box[b]);
            y0 = Math.min(y0, box[b + 1]);
            z0 = Math.min(z0, box[b + 2]);
            x1 = Math.max(x1, box[b + 3]);
            y1 = Math.max(y1, box[b + 4]);
            z1 = Math.max(z1, box[b + 5]);
        }
        storeLeafSphere(scene, order, s, c, x0, y0, z0, x1, y1, z1, leafSpheres);
    }

    /**
     * The sphere of the leaf over slots [s, s+c) whose box is given, into {@code out} at slot s:
     * centred on the box, reaching its farthest vertex (or sphere). Shared by both builders.
     */
    static void storeLeafSphere(FlatScene scene, int[] order, int s, int c, float x0, float y0, float z0,
                                float x1, float y1, float z1, float[] out) {
        double cx = 0.5 * (x0 + x1), cy = 0.5 * (y0 + y1), cz = 0.5 * (z0 + z1);
        // Vertices by squared distance, one square root at the end: the same radius (the root is
        // monotone and correctly rounded), a third of the roots.
        double r = 0, vertexR2 = 0;
        int tris = scene.triangleCount();
        float[] pos = scene.positions(), sp = scene.spheres();
        for (int i = s; i < s + c; i++) {
            int p = order[i];
            if (p < tris) {
                for (int v = 0; v < 3; v++) {
                    int b = scene.corner(p, v);
                    vertexR2 = Math.max(vertexR2, dist2(cx, cy, cz, pos[b], pos[b + 1], pos[b + 2]));
                }
            } else {
                int b = 4 * (p - tris);
                r = Math.max(r, Math.sqrt(dist2(cx, cy, cz, sp[b], sp[b + 1], sp[b + 2])) + sp[b + 3]);
            }
        }
        store(out, 4 * s, cx, cy, cz, Math.max(r, Math.sqrt(vertexR2)));
    }

    static void store(float[] out, int o, double cx, double cy, double cz, double r) {
        out[o] = (float) cx;
        out[o + 1] = (float) cy;
        out[o + 2] = (float) cz;
        double scale = Math.max(Math.abs(cx), Math.max(Math.abs(cy), Math.abs(cz)));
        // Inflate so the float centre rounding and the tracers' float tests stay conservative.
        out[o + 3] = (float) (r * (1 + INFLATE_RELATIVE) + 1e-6 * (scale + r) + 1e-30);
    }

    private static double dist2(double ax, double ay, double az, double bx, double by, double bz) {
        double dx = ax - bx, dy = ay - by, dz = az - bz;
        return dx * dx + dy * dy + dz * dz;
    }
}
