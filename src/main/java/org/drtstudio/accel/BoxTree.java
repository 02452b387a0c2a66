package org.drtstudio.accel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.drtstudio.accel.BoxNodeVariants.COUNT_BITS;

/**
 * The shape-level hierarchy read back from the packed sphere nodes and primitives, with an
 * axis-aligned box per node: what the box layouts ({@link BoxLayout}, {@link BoxNodeVariants}) are
 * written from. Leaf boxes are padded (see below); an inner box is the union of its children's.
 */
final class BoxTree {
    final int n;
    final float[] lo, hi;           // box per node
    final int[] first, second;      // children (-1 for a leaf)
    final int[] primStart, primCount;
    final List<int[]> shapes;       // {root, nodeCount}

    private BoxTree(int n) {
        this.n = n;
        lo = new float[3 * n];
        hi = new float[3 * n];
        first = new int[n];
        second = new int[n];
        primStart = new int[n];
        primCount = new int[n];
        shapes = new ArrayList<>();
    }

    /** The tree of a packed image; its shapes are the distinct roots its instances name. */
    static BoxTree of(GeometryImage image) {
        return of(image.nodes(), image.nodeCount(), image.primitives(), image.vertices(), shapesOf(image));
    }

    /** The image's shapes as {root, nodeCount}: the distinct roots its instances name, in order. */
    static List<int[]> shapesOf(GeometryImage image) {
        Map<Integer, Integer> roots = new LinkedHashMap<>();
        float[] inst = image.instances();
        for (int k = 0; k < image.instanceCount(); k++) {
            int base = 4 * (GeometryImageLayout.INSTANCE_TEXELS * k + 12);
            roots.put(Float.floatToRawIntBits(inst[base]), Float.floatToRawIntBits(inst[base + 1]));
        }
        List<int[]> shapes = new ArrayList<>();
        roots.forEach((root, count) -> shapes.add(new int[]{root, count}));
        return shapes;
    }

    /**
     * The tree of a shape level: sphere nodes, primitives and vertices as {@link GeometryImagePacker}
     * lays them out, and its shapes as {root, nodeCount}.
     */
    static BoxTree of(float[] nodes, int n, float[] primitives, float[] vertices, List<int[]> shapes) {
        int wide = firstNonBinary(nodes, n);
        if (wide >= 0) throw new IllegalArgumentException("sphere node " + wide + " has more than two children (a thrown-back tree, "
                + "SphereThrowBack): the box layouts need binary trees; walk it with --nodes spheres");
        BoxTree t = new BoxTree(n);
        t.shapes.addAll(shapes);
        // Links and leaf boxes first, every node on its own (in parallel: a leaf's box gathers its
        // vertices from anywhere in memory); then inner boxes bottom-up, serially.
        ParallelRanges.forEach(n, (from, to) -> {
            for (int i = from; i < to; i++) t.readNode(nodes, i, primitives, vertices);
        });
        // A node's children come after it, so a reverse sweep sees them first.
        for (int i = n - 1; i >= 0; i--) {
            if (t.first[i] < 0) continue;
            int a = 3 * t.first[i], b = 3 * t.second[i], o = 3 * i;
            for (int k = 0; k < 3; k++) {
                t.lo[o + k] = Math.min(t.lo[a + k], t.lo[b + k]);
                t.hi[o + k] = Math.max(t.hi[a + k], t.hi[b + k]);
            }
        }
        return t;
    }

    /**
     * The first inner node with more than two children ({@link SphereThrowBack}), or -1 when every
     * inner node has two: the second child's skip link is then the parent's own.
     */
    static int firstNonBinary(float[] nodes, int n) {
        for (int i = 0; i < n; i++) {
            int hit = link(nodes, i, 0), miss = link(nodes, i, 1);
            if (hit == miss) continue;
            int second = link(nodes, i + 1, 1);
            if (second == GeometryImageLayout.END || second >= n || link(nodes, second, 1) != miss) return i;
        }
        return -1;
    }

    private static int link(float[] nodes, int node, int component) {
        return Float.floatToRawIntBits(nodes[4 * (GeometryImageLayout.NODE_TEXELS * node + 1) + component]);
    }

    /** Node i's links, primitive range and, for a leaf, its box (padded). */
    private void readNode(float[] nodes, int i, float[] primitives, float[] vertices) {
        int base = 4 * (GeometryImageLayout.NODE_TEXELS * i + 1);
        int hit = Float.floatToRawIntBits(nodes[base]), miss = Float.floatToRawIntBits(nodes[base + 1]);
        primCount[i] = Float.floatToRawIntBits(nodes[base + 2]);
        primStart[i] = Float.floatToRawIntBits(nodes[base + 3]);
        boolean leaf = hit == miss;
        first[i] = leaf ? -1 : i + 1;
        // The second child starts where the first one's subtree ends: the first child's skip link.
        second[i] = leaf ? -1 : Float.floatToRawIntBits(nodes[4 * (GeometryImageLayout.NODE_TEXELS * (i + 1) + 1) + 1]);
        if (!leaf) return;
        for (int a = 0; a < 3; a++) {
            lo[3 * i + a] = Float.POSITIVE_INFINITY;
            hi[3 * i + a] = Float.NEGATIVE_INFINITY;
        }
        // Leaf boxes are padded so float rounding in the slab test cannot cull a ray that the
        // triangle test, with its own rounding, would find touching a primitive on the boundary.
        for (int p = primStart[i]; p < primStart[i] + primCount[i]; p++) growByPrimitive(i, primitives, vertices, p);
        pad(i);
    }

    /** Per node, its height in inner nodes: 0 for a leaf, 1 + the taller child's for an inner node. */
    int[] heights() {
        int[] height = new int[n];
        for (int i = n - 1; i >= 0; i--) height[i] = first[i] < 0 ? 0 : 1 + Math.max(height[first[i]], height[second[i]]);
        return height;
    }

    /** Per node, the leaves of its subtree: 1 for a leaf. */
    int[] leafCounts() {
        int[] leaves = new int[n];
        for (int i = n - 1; i >= 0; i--) leaves[i] = first[i] < 0 ? 1 : leaves[first[i]] + leaves[second[i]];
        return leaves;
    }

    private void pad(int i) {
        pad(lo, 3 * i, hi, 3 * i);
    }

    /**
     * Pads the box lo[l..l+2], hi[h..h+2] by 1e-5 of its largest extent plus 4e-7 of its farthest
     * coordinate (an empty box stays). The GPU's linear BVH pads its leaves so too
     * ({@code shaders/lbvh.glsl}, {@link LinearBvhTwin}).
     */
    static void pad(float[] lo, int l, float[] hi, int h) {
        if (!(lo[l] <= hi[h])) return; // empty
        float extent = 0, far = 0;
        for (int a = 0; a < 3; a++) {
            extent = Math.max(extent, hi[h + a] - lo[l + a]);
            far = Math.max(far, Math.max(Math.abs(lo[l + a]), Math.abs(hi[h + a])));
        }
        float pad = 1e-5f * extent + 4e-7f * far;
        for (int a = 0; a < 3; a++) {
            lo[l + a] -= pad;
            hi[h + a] += pad;
        }
    }

    private void growByPrimitive(int i, float[] prims, float[] verts, int p) {
        int b = 4 * GeometryImageLayout.PRIMITIVE_TEXELS * p;
        boolean sphere = GeometryImageLayout.kindOf(Float.floatToRawIntBits(prims[b + 3])) == GeometryImageLayout.KIND_SPHERE;
        for (int k = 0; k < (sphere ? 1 : 3); k++) {
            int v = 4 * GeometryImageLayout.VERTEX_TEXELS * Float.floatToRawIntBits(prims[b + k]);
            float r = sphere ? verts[v + 3] : 0;
            for (int a = 0; a < 3; a++) {
                lo[3 * i + a] = Math.min(lo[3 * i + a], verts[v + a] - r);
                hi[3 * i + a] = Math.max(hi[3 * i + a], verts[v + a] + r);
            }
        }
    }

    /** Depth-first order with near children first for rays of {@code octant}; order[new] = old. */
    int[] order(int octant) {
        int[] order = new int[n];
        for (int[] shape : shapes) {
            int at = shape[0];
            int[] stack = new int[Math.max(1, shape[1])];
            int sp = 0;
            stack[sp++] = shape[0];
            while (sp > 0) {
                int i = stack[--sp];
                order[at++] = i;
                if (first[i] < 0) continue;
                int a = first[i], b = second[i];
                if (nearIsSecond(a, b, octant)) {
                    int s = a;
                    a = b;
                    b = s;
                }
                stack[sp++] = b; // visited after a's subtree
                stack[sp++] = a;
            }
        }
        return order;
    }

    private boolean nearIsSecond(int a, int b, int octant) {
        int axis = 0;
        float best = -1;
        for (int k = 0; k < 3; k++) {
            float sep = Math.abs(centre(b, k) - centre(a, k));
            if (sep > best) {
                best = sep;
                axis = k;
            }
        }
        boolean negative = (octant >> axis & 1) != 0;
        return negative ? centre(b, axis) > centre(a, axis) : centre(b, axis) < centre(a, axis);
    }

    /** Half the surface area of node i's box (0 for an empty box). */
    float area(int i) {
        float x = hi[3 * i] - lo[3 * i], y = hi[3 * i + 1] - lo[3 * i + 1], z = hi[3 * i + 2] - lo[3 * i + 2];
        return x >= 0 && y >= 0 && z >= 0 ? x * y + y * z + z * x : 0;
    }

    private float centre(int i, int axis) {
        return 0.5f * (lo[3 * i + axis] + hi[3 * i + axis]);
    }

    /** Writes the nodes in {@code order} (order[new] = old) at node offset {@code base} of {@code out}. */
    void write(float[] out, int base, int[] order) {
        int[] position = new int[n];
        for (int k = 0; k < n; k++) position[order[k]] = k;
        // A node's miss is the node after its subtree in the new order: the subtree is contiguous,
        // so that is its position plus its size, unless that leaves the shape (END).
        int[] size = new int[n];
        for (int i = n - 1; i >= 0; i--) size[i] = first[i] < 0 ? 1 : 1 + size[first[i]] + size[second[i]];
        int[] shapeEnd = new int[n];
        for (int[] shape : shapes) for (int k = shape[0]; k < shape[0] + shape[1]; k++) shapeEnd[k] = shape[0] + shape[1];
        for (int k = 0; k < n; k++) {
            int i = order[k];
            int next = k + size[i];
            int miss = next >= shapeEnd[k] ? GeometryImageLayout.END : base + next;
            int leaf = first[i] < 0 ? 1 | primCount[i] << 1 | primStart[i] << (COUNT_BITS + 1) : 0;
            int o = 8 * (base + k);
            out[o] = lo[3 * i];
            out[o + 1] = lo[3 * i + 1];
            out[o + 2] = lo[3 * i + 2];
            out[o + 3] = Float.intBitsToFloat(miss);
            out[o + 4] = hi[3 * i];
            out[o + 5] = hi[3 * i + 1];
            out[o + 6] = hi[3 * i + 2];
            out[o + 7] = Float.intBitsToFloat(leaf);
        }
    }
}
