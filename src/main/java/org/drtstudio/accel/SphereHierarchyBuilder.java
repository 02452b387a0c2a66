package org.drtstudio.accel;

import java.util.Arrays;

/**
 * Builds a {@link SphereHierarchy} over the primitives of a {@link FlatScene}.
 *
 * <p>Splits are chosen with a binned surface-area heuristic over the primitives' boxes (boxes give
 * a cheap, well-tested estimate of hit probability; the spheres are fitted afterwards). Leaf
 * spheres are centred on the leaf's box and reach its farthest vertex; an inner node gets the
 * smallest sphere that encloses both child spheres, so every child lies inside its parent by
 * construction. Spheres are inflated by a small relative margin so the float arithmetic of either
 * tracer never culls a primitive that a ray actually hits.
 */
public final class SphereHierarchyBuilder {
    /** Primitives per leaf at most; SAH may stop earlier. */
    public static final int MAX_LEAF_SIZE = 4;
    private static final int BINS = 16;
    private static final float TRAVERSAL_COST = 1f;
    private static final float INTERSECT_COST = 1f;
    /** Relative sphere inflation: far above float rounding (~1e-7) and far below any visible effect. */
    static final float INFLATE_RELATIVE = 1e-4f;

    private final FlatScene scene;
    private final int maxLeafSize;
    private final int n;
    private final float[] boxMin, boxMax, centroid; // 3 per primitive
    private final int[] order;
    // Scratch for split(), reused across nodes: the build allocates nothing per node.
    private final int[] binCount = new int[3 * BINS];
    private final float[] binMin = new float[9 * BINS], binMax = new float[9 * BINS], rightArea = new float[BINS];
    private final float[] acc = new float[6];

    // Tree under construction (children before flattening).
    private int[] left = new int[64], right = new int[64], start = new int[64], count = new int[64];
    private int nodes;

    private SphereHierarchyBuilder(FlatScene scene, int maxLeafSize) {
        this.scene = scene;
        this.maxLeafSize = maxLeafSize;
        this.n = scene.primitiveCount();
        boxMin = new float[3 * n];
        boxMax = new float[3 * n];
        centroid = new float[3 * n];
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
        float[] tv = scene.triangleVertices();
        int tris = scene.triangleCount();
        for (int t = 0; t < tris; t++) {
            for (int a = 0; a < 3; a++) {
                float v0 = tv[9 * t + a], v1 = tv[9 * t + 3 + a], v2 = tv[9 * t + 6 + a];
                boxMin[3 * t + a] = Math.min(v0, Math.min(v1, v2));
                boxMax[3 * t + a] = Math.max(v0, Math.max(v1, v2));
            }
        }
        float[] sp = scene.spheres();
        for (int s = 0; s < scene.sphereCount(); s++) {
            int p = tris + s;
            float r = sp[4 * s + 3];
            for (int a = 0; a < 3; a++) {
                boxMin[3 * p + a] = sp[4 * s + a] - r;
                boxMax[3 * p + a] = sp[4 * s + a] + r;
            }
        }
        for (int i = 0; i < 3 * n; i++) centroid[i] = 0.5f * (boxMin[i] + boxMax[i]);
        for (int i = 0; i < n; i++) order[i] = i;
    }

    private SphereHierarchy run() {
        int root = newNode(0, n);
        int[] stack = new int[128];
        int sp = 0;
        stack[sp++] = root;
        while (sp > 0) {
            int node = stack[--sp];
            int mid = split(start[node], count[node]);
            if (mid < 0) continue; // stays a leaf
            int l = newNode(start[node], mid - start[node]);
            int r = newNode(mid, start[node] + count[node] - mid);
            left[node] = l;
            right[node] = r;
            if (sp + 2 > stack.length) stack = Arrays.copyOf(stack, stack.length * 2);
            stack[sp++] = r;
            stack[sp++] = l;
        }
        return flatten();
    }

    private int newNode(int s, int c) {
        if (nodes == left.length) {
            int cap = nodes * 2;
            left = Arrays.copyOf(left, cap);
            right = Arrays.copyOf(right, cap);
            start = Arrays.copyOf(start, cap);
            count = Arrays.copyOf(count, cap);
        }
        left[nodes] = -1;
        right[nodes] = -1;
        start[nodes] = s;
        count[nodes] = c;
        return nodes++;
    }

    /** Partitions order[s, s+c) and returns the split position, or -1 to make a leaf. */
    private int split(int s, int c) {
        if (c <= 1) return -1;
        float[] cmin = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        float[] cmax = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        float[] bmin = cmin.clone(), bmax = cmax.clone();
        for (int i = s; i < s + c; i++) {
            int p = order[i];
            for (int a = 0; a < 3; a++) {
                float cv = centroid[3 * p + a], lo = boxMin[3 * p + a], hi = boxMax[3 * p + a];
                if (cv < cmin[a]) cmin[a] = cv;
                if (cv > cmax[a]) cmax[a] = cv;
                if (lo < bmin[a]) bmin[a] = lo;
                if (hi > bmax[a]) bmax[a] = hi;
            }
        }
        float parentArea = area(bmin[0], bmin[1], bmin[2], bmax[0], bmax[1], bmax[2]);
        float bestCost = Float.POSITIVE_INFINITY;
        int bestAxis = -1, bestBin = -1;
        // One pass bins the primitives along all three axes at once: the scattered reads of the
        // primitive boxes dominate the build, so each is read once per node, not three times.
        // Small nodes (most of them) get as many bins as primitives: the sweep's cost is per bin.
        int bins = Math.min(BINS, c);
        for (int axis = 0; axis < 3; axis++) {
            Arrays.fill(binCount, axis * BINS, axis * BINS + bins, 0);
            Arrays.fill(binMin, 3 * axis * BINS, 3 * (axis * BINS + bins), Float.POSITIVE_INFINITY);
            Arrays.fill(binMax, 3 * axis * BINS, 3 * (axis * BINS + bins), Float.NEGATIVE_INFINITY);
        }
        float[] scale = new float[3];
        for (int axis = 0; axis < 3; axis++) {
            float extent = cmax[axis] - cmin[axis];
            scale[axis] = extent > 0 ? bins / extent : 0;
        }
        for (int i = s; i < s + c; i++) {
            int p = order[i];
            float lx = boxMin[3 * p], ly = boxMin[3 * p + 1], lz = boxMin[3 * p + 2];
            float hx = boxMax[3 * p], hy = boxMax[3 * p + 1], hz = boxMax[3 * p + 2];
            for (int axis = 0; axis < 3; axis++) {
                int b = axis * BINS + binOf(centroid[3 * p + axis], cmin[axis], scale[axis], bins);
                binCount[b]++;
                int o = 3 * b;
                if (lx < binMin[o]) binMin[o] = lx;
                if (ly < binMin[o + 1]) binMin[o + 1] = ly;
                if (lz < binMin[o + 2]) binMin[o + 2] = lz;
                if (hx > binMax[o]) binMax[o] = hx;
                if (hy > binMax[o + 1]) binMax[o + 1] = hy;
                if (hz > binMax[o + 2]) binMax[o + 2] = hz;
            }
        }
        for (int axis = 0; axis < 3; axis++) {
            if (scale[axis] == 0) continue;
            int base = axis * BINS;
            // Sweep from the right to get the area of every right-hand union, then from the left.
            resetBox(acc);
            for (int b = bins - 1; b > 0; b--) {
                grow(acc, binMin, binMax, base + b);
                rightArea[b] = areaOf(acc);
            }
            resetBox(acc);
            int leftCount = 0;
            for (int b = 0; b < bins - 1; b++) {
                grow(acc, binMin, binMax, base + b);
                leftCount += binCount[base + b];
                int rightCount = c - leftCount;
                if (leftCount == 0 || rightCount == 0) continue;
                float cost = TRAVERSAL_COST + INTERSECT_COST
                        * (areaOf(acc) * leftCount + rightArea[b + 1] * rightCount) / Math.max(parentArea, Float.MIN_NORMAL);
                if (cost < bestCost) {
                    bestCost = cost;
                    bestAxis = axis;
                    bestBin = b;
                }
            }
        }
        if (bestAxis < 0) {
            // All centroids coincide: SAH cannot separate them; halve by count to keep leaves small.
            return c <= maxLeafSize ? -1 : s + c / 2;
        }
        if (c <= maxLeafSize && bestCost >= INTERSECT_COST * c) return -1;
        float splitScale = scale[bestAxis];
        int i = s, j = s + c - 1;
        while (i <= j) {
            if (binOf(centroid[3 * order[i] + bestAxis], cmin[bestAxis], splitScale, bins) <= bestBin) {
                i++;
            } else {
                int tmp = order[i];
                order[i] = order[j];
                order[j--] = tmp;
            }
        }
        return i;
    }

    private static int binOf(float value, float min, float scale, int bins) {
        int b = (int) ((value - min) * scale);
        return b < 0 ? 0 : b >= bins ? bins - 1 : b;
    }

    private static void grow(float[] acc, float[] binMin, float[] binMax, int b) {
        for (int a = 0; a < 3; a++) {
            acc[a] = Math.min(acc[a], binMin[3 * b + a]);
            acc[3 + a] = Math.max(acc[3 + a], binMax[3 * b + a]);
        }
    }

    private static void resetBox(float[] acc) {
        acc[0] = acc[1] = acc[2] = Float.POSITIVE_INFINITY;
        acc[3] = acc[4] = acc[5] = Float.NEGATIVE_INFINITY;
    }

    private static float areaOf(float[] acc) {
        return area(acc[0], acc[1], acc[2], acc[3], acc[4], acc[5]);
    }

    private static float area(float x0, float y0, float z0, float x1, float y1, float z1) {
        float dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
        if (!(dx >= 0)) return 0;
        return 2 * (dx * dy + dy * dz + dz * dx);
    }

    private SphereHierarchy flatten() {
        int total = nodes;
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
            int p = order[i];
            for (int a = 0; a < 3; a++) {
                mn[a] = Math.min(mn[a], boxMin[3 * p + a]);
                mx[a] = Math.max(mx[a], boxMax[3 * p + a]);
            }
        }
        double cx = 0.5 * (mn[0] + mx[0]), cy = 0.5 * (mn[1] + mx[1]), cz = 0.5 * (mn[2] + mx[2]);
        double r = 0;
        int tris = scene.triangleCount();
        float[] tv = scene.triangleVertices(), sp = scene.spheres();
        for (int i = s; i < s + c; i++) {
            int p = order[i];
            if (p < tris) {
                for (int v = 0; v < 3; v++) {
                    int b = 9 * p + 3 * v;
                    r = Math.max(r, dist(cx, cy, cz, tv[b], tv[b + 1], tv[b + 2]));
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
