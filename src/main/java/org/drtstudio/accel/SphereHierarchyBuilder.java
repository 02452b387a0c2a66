package org.drtstudio.accel;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
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
    /** Worker threads for large builds; daemon threads, idle when nobody builds. */
    private static final ForkJoinPool POOL = new ForkJoinPool(Math.max(1, Runtime.getRuntime().availableProcessors()));

    private final FlatScene scene;
    private final int maxLeafSize;
    private final int n;
    /**
     * Per slot of {@link #order}: the box of the primitive in that slot (min xyz, max xyz), moved along
     * with it by every partition, so binning reads memory in order instead of through the index array.
     */
    private final float[] box;
    private final int[] order;

    private SphereHierarchyBuilder(FlatScene scene, int maxLeafSize) {
        this.scene = scene;
        this.maxLeafSize = maxLeafSize;
        this.n = scene.primitiveCount();
        box = new float[6 * n];
        order = new int[n];
        computePrimitiveBoxes();
    }

    public static SphereHierarchy build(FlatScene scene) {
        return build(scene, MAX_LEAF_SIZE);
    }

    /** @param maxLeafSize primitives per leaf at most (1 for the top level, whose leaves are single instances) */
    public static SphereHierarchy build(FlatScene scene, int maxLeafSize) {
        if (scene.primitiveCount() == 0) throw new IllegalArgumentException("the scene has no geometry to render");
        return new SphereHierarchyBuilder(scene, maxLeafSize).run();
    }

    private void computePrimitiveBoxes() {
        float[] pos = scene.positions();
        int tris = scene.triangleCount();
        for (int t = 0; t < tris; t++) {
            int c0 = scene.corner(t, 0), c1 = scene.corner(t, 1), c2 = scene.corner(t, 2);
            for (int a = 0; a < 3; a++) {
                float v0 = pos[c0 + a], v1 = pos[c1 + a], v2 = pos[c2 + a];
                box[6 * t + a] = Math.min(v0, Math.min(v1, v2));
                box[6 * t + 3 + a] = Math.max(v0, Math.max(v1, v2));
            }
        }
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

    private SphereHierarchy run() {
        float[] bounds = new float[BOUNDS];
        boundsOf(0, n, bounds);
        Subtree task = new Subtree(0, n, bounds);
        NodeList tree = n >= 2 * PARALLEL_MIN ? POOL.invoke(task) : task.compute();
        return flatten(tree);
    }

    /**
     * The tree under construction: children before flattening, with node indices local to this
     * list. Parallel tasks build separate lists that their parent appends.
     */
    private static final class NodeList {
        int[] left = new int[64], right = new int[64], start = new int[64], count = new int[64];
        int size;

        int add(int s, int c) {
            if (size == left.length) grow(size * 2);
            left[size] = -1;
            right[size] = -1;
            start[size] = s;
            count[size] = c;
            return size++;
        }

        /** Copies {@code other}'s nodes to the end of this list; returns where its root went. */
        int append(NodeList other) {
            int base = size;
            if (size + other.size > left.length) grow(Math.max(size + other.size, size * 2));
            for (int i = 0; i < other.size; i++) {
                left[base + i] = other.left[i] < 0 ? -1 : other.left[i] + base;
                right[base + i] = other.right[i] < 0 ? -1 : other.right[i] + base;
            }
            System.arraycopy(other.start, 0, start, base, other.size);
            System.arraycopy(other.count, 0, count, base, other.size);
            size += other.size;
            return base;
        }

        private void grow(int cap) {
            left = Arrays.copyOf(left, cap);
            right = Arrays.copyOf(right, cap);
            start = Arrays.copyOf(start, cap);
            count = Arrays.copyOf(count, cap);
        }
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
            NodeList list = new NodeList();
            // Pending nodes and their bounds (BOUNDS floats each), so no node is scanned twice for them.
            int[] stack = new int[128];
            float[] stackBounds = new float[128 * BOUNDS];
            int sp = 0;
            System.arraycopy(bounds, 0, stackBounds, 0, BOUNDS);
            stack[sp++] = list.add(s, c);
            float[] nb = new float[BOUNDS], lb = new float[BOUNDS], rb = new float[BOUNDS];
            while (sp > 0) {
                int node = stack[--sp];
                System.arraycopy(stackBounds, sp * BOUNDS, nb, 0, BOUNDS);
                int ns = list.start[node], nc = list.count[node];
                int mid = splitter.split(ns, nc, nb, lb, rb);
                if (mid < 0) continue; // stays a leaf
                int lc = mid - ns, rc = ns + nc - mid;
                if (lc >= PARALLEL_MIN && rc >= PARALLEL_MIN) {
                    Subtree l = new Subtree(ns, lc, lb.clone()), r = new Subtree(mid, rc, rb.clone());
                    invokeAll(l, r);
                    // Not list.left[node] = list.append(..): append may replace the arrays.
                    int li = list.append(l.join()), ri = list.append(r.join());
                    list.left[node] = li;
                    list.right[node] = ri;
                    continue;
                }
                int li = list.add(ns, lc), ri = list.add(mid, rc);
                list.left[node] = li;
                list.right[node] = ri;
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
            float[] box = SphereHierarchyBuilder.this.box;
            float parentWeight = weight(nb[6], nb[7], nb[8], nb[9], nb[10], nb[11]);
            float bestCost = Float.POSITIVE_INFINITY;
            int bestAxis = -1, bestBin = -1;
            // One pass bins the primitives along all three axes at once.
            // Small nodes (most of them) get as many bins as primitives: the sweep's cost is per bin.
            int bins = Math.min(BINS, c);
            for (int axis = 0; axis < 3; axis++) {
                Arrays.fill(binCount, axis * BINS, axis * BINS + bins, 0);
                Arrays.fill(binMin, 3 * axis * BINS, 3 * (axis * BINS + bins), Float.POSITIVE_INFINITY);
                Arrays.fill(binMax, 3 * axis * BINS, 3 * (axis * BINS + bins), Float.NEGATIVE_INFINITY);
                float extent = nb[3 + axis] - nb[axis];
                scale[axis] = extent > 0 ? bins / extent : 0;
            }
            if (c >= SINGLE_AXIS_MIN) {
                // Large node: only the axis of the widest centroid spread is considered (see SINGLE_AXIS_MIN).
                int axis = widest(nb);
                for (int a = 0; a < 3; a++) if (a != axis) scale[a] = 0;
                float sa = scale[axis], ca = nb[axis];
                int base = axis * BINS;
                for (int i = 6 * s, e = 6 * (s + c); i < e; i += 6) {
                    float lx = box[i], ly = box[i + 1], lz = box[i + 2], hx = box[i + 3], hy = box[i + 4], hz = box[i + 5];
                    addToBin(base + binOf(0.5f * (box[i + axis] + box[i + 3 + axis]), ca, sa, bins), lx, ly, lz, hx, hy, hz);
                }
            } else {
                float sx = scale[0], sy = scale[1], sz = scale[2], cx0 = nb[0], cy0 = nb[1], cz0 = nb[2];
                for (int i = 6 * s, e = 6 * (s + c); i < e; i += 6) {
                    float lx = box[i], ly = box[i + 1], lz = box[i + 2], hx = box[i + 3], hy = box[i + 4], hz = box[i + 5];
                    addToBin(binOf(0.5f * (lx + hx), cx0, sx, bins), lx, ly, lz, hx, hy, hz);
                    addToBin(BINS + binOf(0.5f * (ly + hy), cy0, sy, bins), lx, ly, lz, hx, hy, hz);
                    addToBin(2 * BINS + binOf(0.5f * (lz + hz), cz0, sz, bins), lx, ly, lz, hx, hy, hz);
                }
            }
            for (int axis = 0; axis < 3; axis++) {
                if (scale[axis] == 0) continue;
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
                    float cost = TRAVERSAL_COST + INTERSECT_COST
                            * (weight(x0, y0, z0, x1, y1, z1) * leftCount + rightWeight[b + 1] * rightCount) / Math.max(parentWeight, Float.MIN_NORMAL);
                    if (cost < bestCost) {
                        bestCost = cost;
                        bestAxis = axis;
                        bestBin = b;
                    }
                }
            }
            if (bestAxis < 0) {
                // All centroids coincide: SAH cannot separate them; halve by count to keep leaves small.
                if (c <= maxLeafSize) return -1;
                int mid = s + c / 2;
                boundsOf(s, mid - s, lb);
                boundsOf(mid, s + c - mid, rb);
                return mid;
            }
            if (c <= maxLeafSize && bestCost >= INTERSECT_COST * c) return -1;
            int base = bestAxis * BINS;
            boxOfBins(base, base + bestBin, lb);
            boxOfBins(base + bestBin + 1, base + bins - 1, rb);
            return partition(s, c, bestAxis, nb[bestAxis], scale[bestAxis], bins, bestBin, lb, rb);
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

        private void addToBin(int b, float lx, float ly, float lz, float hx, float hy, float hz) {
            binCount[b]++;
            int o = 3 * b;
            if (lx < binMin[o]) binMin[o] = lx;
            if (ly < binMin[o + 1]) binMin[o + 1] = ly;
            if (lz < binMin[o + 2]) binMin[o + 2] = lz;
            if (hx > binMax[o]) binMax[o] = hx;
            if (hy > binMax[o + 1]) binMax[o + 1] = hy;
            if (hz > binMax[o + 2]) binMax[o + 2] = hz;
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
        // Comparisons rather than Math.min/max: no NaN can occur here, and they compile to less.
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

    private SphereHierarchy flatten(NodeList tree) {
        int[] left = tree.left, right = tree.right, start = tree.start, count = tree.count;
        int total = tree.size;
        float[] spheres = new float[4 * total];
        int[] hit = new int[total], miss = new int[total], pStart = new int[total], pCount = new int[total];
        int[] flatOf = new int[total]; // tree node -> flat index
        // Depth-first pre-order with an explicit stack; left child first.
        int[] stack = new int[256];
        int[] depthStack = new int[256];
        int sp = 0, next = 0, maxDepth = 0;
        stack[sp] = 0;
        depthStack[sp++] = 1;
        int[] treeOfFlat = new int[total];
        while (sp > 0) {
            int node = stack[--sp];
            int depth = depthStack[sp];
            maxDepth = Math.max(maxDepth, depth);
            flatOf[node] = next;
            treeOfFlat[next++] = node;
            if (left[node] >= 0) {
                if (sp + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, stack.length * 2);
                    depthStack = Arrays.copyOf(depthStack, depthStack.length * 2);
                }
                stack[sp] = right[node];
                depthStack[sp++] = depth + 1;
                stack[sp] = left[node];
                depthStack[sp++] = depth + 1;
            }
        }
        // Subtree sizes give the skip links: a subtree is contiguous in pre-order.
        int[] subtreeSize = new int[total];
        for (int f = total - 1; f >= 0; f--) {
            int node = treeOfFlat[f];
            subtreeSize[f] = 1 + (left[node] >= 0 ? subtreeSize[flatOf[left[node]]] + subtreeSize[flatOf[right[node]]] : 0);
        }
        for (int f = 0; f < total; f++) {
            int node = treeOfFlat[f];
            int skip = f + subtreeSize[f];
            miss[f] = skip == total ? GeometryImageLayout.END : skip;
            boolean leaf = left[node] < 0;
            hit[f] = leaf ? miss[f] : f + 1;
            pStart[f] = leaf ? start[node] : 0;
            pCount[f] = leaf ? count[node] : 0;
        }
        // Spheres bottom-up: children come after their parent in pre-order.
        for (int f = total - 1; f >= 0; f--) {
            int node = treeOfFlat[f];
            if (left[node] < 0) leafSphere(start[node], count[node], spheres, 4 * f);
            else enclose(spheres, 4 * flatOf[left[node]], 4 * flatOf[right[node]], 4 * f);
        }
        return new SphereHierarchy(spheres, hit, miss, pStart, pCount, order.clone(), maxDepth);
    }

    private void leafSphere(int s, int c, float[] out, int o) {
        float[] mn = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        float[] mx = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int i = s; i < s + c; i++) {
            for (int a = 0; a < 3; a++) {
                mn[a] = Math.min(mn[a], box[6 * i + a]);
                mx[a] = Math.max(mx[a], box[6 * i + 3 + a]);
            }
        }
        double cx = 0.5 * (mn[0] + mx[0]), cy = 0.5 * (mn[1] + mx[1]), cz = 0.5 * (mn[2] + mx[2]);
        double r = 0;
        int tris = scene.triangleCount();
        float[] pos = scene.positions(), sp = scene.spheres();
        for (int i = s; i < s + c; i++) {
            int p = order[i];
            if (p < tris) {
                for (int v = 0; v < 3; v++) {
                    int b = scene.corner(p, v);
                    r = Math.max(r, dist(cx, cy, cz, pos[b], pos[b + 1], pos[b + 2]));
                }
            } else {
                int b = 4 * (p - tris);
                r = Math.max(r, dist(cx, cy, cz, sp[b], sp[b + 1], sp[b + 2]) + sp[b + 3]);
            }
        }
        store(out, o, cx, cy, cz, r);
    }

    /** Smallest sphere containing spheres a and b, written at o. */
    private static void enclose(float[] s, int a, int b, int o) {
        double dx = s[b] - s[a], dy = s[b + 1] - s[a + 1], dz = s[b + 2] - s[a + 2];
        double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double ra = s[a + 3], rb = s[b + 3];
        if (d + rb <= ra) {
            store(s, o, s[a], s[a + 1], s[a + 2], ra);
        } else if (d + ra <= rb) {
            store(s, o, s[b], s[b + 1], s[b + 2], rb);
        } else {
            double r = 0.5 * (d + ra + rb);
            double k = (r - ra) / d;
            store(s, o, s[a] + dx * k, s[a + 1] + dy * k, s[a + 2] + dz * k, r);
        }
    }

    private static void store(float[] out, int o, double cx, double cy, double cz, double r) {
        out[o] = (float) cx;
        out[o + 1] = (float) cy;
        out[o + 2] = (float) cz;
        double scale = Math.max(Math.abs(cx), Math.max(Math.abs(cy), Math.abs(cz)));
        // Inflate so the float centre rounding and the tracers' float tests stay conservative.
        out[o + 3] = (float) (r * (1 + INFLATE_RELATIVE) + 1e-6 * (scale + r) + 1e-30);
    }

    private static double dist(double ax, double ay, double az, double bx, double by, double bz) {
        double dx = ax - bx, dy = ay - by, dz = az - bz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
