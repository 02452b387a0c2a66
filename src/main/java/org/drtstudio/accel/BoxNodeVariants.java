package org.drtstudio.accel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Axis-aligned-box versions of a geometry image's shape-level hierarchy, for measuring node kinds
 * and traversal orders against the bounding spheres (issue "Benchmarks and GPU speed"; the
 * experiment kernel is {@code shaders/traversal_bench.comp}). The tree is the same; only the node
 * bound and, for the ordered variant, the order children are visited in change.
 *
 * <p>Box node layout, 2 texels per node (the same 32 bytes as a sphere node):
 * <pre>
 * texel 2i   : min.x, min.y, min.z, miss          (int bits; the node after this subtree, END at the end)
 * texel 2i+1 : max.x, max.y, max.z, leaf          (int bits: 1 | primCount &lt;&lt; 1 | primStart &lt;&lt; 6 for a leaf, 0 inside)
 * </pre>
 * An inner node's first child is always the next node (depth-first order), so it needs no link.
 *
 * <p>The ordered variant holds eight such layouts one after the other, one per octant of ray
 * directions (the signs of x, y, z; octant = (x&lt;0) | (y&lt;0)&lt;&lt;1 | (z&lt;0)&lt;&lt;2). In layout o every
 * node's children are laid out near-first for rays of that octant: the child whose box centre is
 * lower along the axis that separates the two centres most comes first when the ray runs up that
 * axis. A shape keeps its node range in every layout and its root stays first, so an instance's
 * root index {@code r} becomes {@code o * nodeCount + r}. This is Smits' idea of ordering skip
 * links by ray direction, without a stack or a bit trail.
 */
public final class BoxNodeVariants {
    /** Primitives per leaf must fit the 5 bits the packed leaf word gives them, the first one 25 bits. */
    static final int COUNT_BITS = 5, START_BITS = 25;

    private BoxNodeVariants() {
    }

    /** Ordered layouts already made, by the shape-level node array they were made from (identity). */
    private static final Map<float[], float[]> ORDERED = new WeakHashMap<>();

    /**
     * {@link #octantOrderedBoxNodes} of the image, made once per shape level: images that share
     * their node array (a builder that only moved transforms) share the result, so uploaders can
     * tell by identity that nothing changed.
     */
    public static float[] ordered(GeometryImage image) {
        synchronized (ORDERED) {
            return ORDERED.computeIfAbsent(image.nodes(), n -> octantOrderedBoxNodes(image));
        }
    }

    /** Box nodes in the image's own (fixed) order. */
    public static float[] boxNodes(GeometryImage image) {
        Tree t = Tree.of(image);
        float[] out = new float[8 * t.n];
        t.write(out, 0, identityOrder(t));
        return out;
    }

    /** Eight box-node layouts, one per ray octant, each visiting children near-first. */
    public static float[] octantOrderedBoxNodes(GeometryImage image) {
        Tree t = Tree.of(image);
        float[] out = new float[8 * 8 * t.n];
        for (int octant = 0; octant < 8; octant++) t.write(out, octant * t.n, t.order(octant));
        return out;
    }

    /**
     * A 4-wide box hierarchy collapsed from the binary tree, for the traversal experiment (walked
     * with a short stack, nearest child first): {@code nodes} holds {@link #WIDE_TEXELS} texels per
     * wide node, two per child slot: min.xyz and the child's wide-node index (int bits; -1 for a leaf
     * slot, {@link #WIDE_EMPTY} for an unused slot, which only follow used ones), then max.xyz and the
     * leaf word (as in the box layouts; 0 for an inner child). {@code roots} holds one texel per
     * instance whose x is the wide-node index of the instance's shape root (int bits).
     */
    public record Wide(float[] nodes, float[] roots, int nodeCount) {
    }

    public static final int WIDE_TEXELS = 8, WIDE_EMPTY = -2;

    public static Wide wideBoxNodes(GeometryImage image) {
        Tree t = Tree.of(image);
        WideBuilder b = new WideBuilder(t);
        Map<Integer, Integer> wideRoot = new LinkedHashMap<>();
        for (int[] shape : t.shapes) wideRoot.put(shape[0], b.build(shape[0]));
        float[] roots = new float[4 * Math.max(1, image.instanceCount())];
        float[] inst = image.instances();
        for (int k = 0; k < image.instanceCount(); k++) {
            int root = Float.floatToRawIntBits(inst[4 * (GeometryImageLayout.INSTANCE_TEXELS * k + 12)]);
            roots[4 * k] = Float.intBitsToFloat(wideRoot.get(root));
        }
        return new Wide(Arrays.copyOf(b.out, 4 * WIDE_TEXELS * b.count), roots, b.count);
    }

    /** Collapses binary subtrees into wide nodes, parents before children. */
    private static final class WideBuilder {
        private final Tree t;
        private float[] out = new float[4 * WIDE_TEXELS * 64];
        private int count;

        WideBuilder(Tree t) {
            this.t = t;
        }

        /** The wide node for binary node n's subtree; its index. */
        int build(int n) {
            int index = count++;
            if (4 * WIDE_TEXELS * count > out.length) out = Arrays.copyOf(out, 2 * out.length);
            List<Integer> slots = new ArrayList<>();
            if (t.first[n] < 0) {
                slots.add(n);
            } else {
                slots.add(t.first[n]);
                slots.add(t.second[n]);
            }
            // Open the inner slot with the largest box until four slots are used: the wide node then
            // covers the two or three binary levels a ray would most likely have visited anyway.
            while (slots.size() < 4) {
                int widest = -1;
                float best = -1;
                for (int k = 0; k < slots.size(); k++) {
                    int c = slots.get(k);
                    if (t.first[c] < 0) continue;
                    float area = t.area(c);
                    if (area > best) {
                        best = area;
                        widest = k;
                    }
                }
                if (widest < 0) break;
                int c = slots.remove(widest);
                slots.add(widest, t.second[c]);
                slots.add(widest, t.first[c]);
            }
            int[] child = new int[slots.size()];
            for (int k = 0; k < slots.size(); k++) child[k] = t.first[slots.get(k)] < 0 ? -1 : build(slots.get(k));
            int o = 4 * WIDE_TEXELS * index;
            for (int k = 0; k < 4; k++, o += 8) {
                if (k >= slots.size()) {
                    out[o + 3] = Float.intBitsToFloat(WIDE_EMPTY);
                    continue;
                }
                int c = slots.get(k);
                for (int a = 0; a < 3; a++) {
                    out[o + a] = t.lo[3 * c + a];
                    out[o + 4 + a] = t.hi[3 * c + a];
                }
                out[o + 3] = Float.intBitsToFloat(child[k]);
                out[o + 7] = Float.intBitsToFloat(child[k] >= 0 ? 0 : 1 | t.primCount[c] << 1 | t.primStart[c] << (COUNT_BITS + 1));
            }
            return index;
        }
    }

    private static int[] identityOrder(Tree t) {
        int[] order = new int[t.n];
        for (int i = 0; i < t.n; i++) order[i] = i;
        return order;
    }

    /** The shape-level hierarchy read back from the packed nodes and primitives. */
    private static final class Tree {
        final int n;
        final float[] lo, hi;           // box per node
        final int[] first, second;      // children (-1 for a leaf)
        final int[] primStart, primCount;
        final List<int[]> shapes;       // {root, nodeCount}

        private Tree(int n) {
            this.n = n;
            lo = new float[3 * n];
            hi = new float[3 * n];
            first = new int[n];
            second = new int[n];
            primStart = new int[n];
            primCount = new int[n];
            shapes = new ArrayList<>();
        }

        static Tree of(GeometryImage image) {
            float[] nodes = image.nodes();
            int n = image.nodeCount();
            Tree t = new Tree(n);
            int[] miss = new int[n], hit = new int[n];
            for (int i = 0; i < n; i++) {
                int base = 4 * (GeometryImageLayout.NODE_TEXELS * i + 1);
                miss[i] = Float.floatToRawIntBits(nodes[base + 1]);
                t.primCount[i] = Float.floatToRawIntBits(nodes[base + 2]);
                t.primStart[i] = Float.floatToRawIntBits(nodes[base + 3]);
                if (t.primCount[i] >= 1 << COUNT_BITS || t.primStart[i] >= 1 << START_BITS)
                    throw new IllegalArgumentException("leaf " + i + " (" + t.primCount[i] + " primitives from " + t.primStart[i]
                            + ") does not fit a packed box-node leaf word");
                hit[i] = Float.floatToRawIntBits(nodes[base]);
            }
            for (int i = 0; i < n; i++) {
                boolean leaf = hit[i] == miss[i];
                t.first[i] = leaf ? -1 : i + 1;
                t.second[i] = leaf ? -1 : miss[i + 1];
            }
            Map<Integer, Integer> roots = new LinkedHashMap<>();
            float[] inst = image.instances();
            for (int k = 0; k < image.instanceCount(); k++) {
                int base = 4 * (GeometryImageLayout.INSTANCE_TEXELS * k + 12);
                roots.put(Float.floatToRawIntBits(inst[base]), Float.floatToRawIntBits(inst[base + 1]));
            }
            roots.forEach((root, count) -> t.shapes.add(new int[]{root, count}));
            // Boxes bottom-up: a node's children come after it, so a reverse sweep sees them first.
            // Leaf boxes are padded so float rounding in the slab test cannot cull a ray that the
            // triangle test, with its own rounding, would find touching a primitive on the boundary.
            for (int i = n - 1; i >= 0; i--) {
                for (int a = 0; a < 3; a++) {
                    t.lo[3 * i + a] = Float.POSITIVE_INFINITY;
                    t.hi[3 * i + a] = Float.NEGATIVE_INFINITY;
                }
                if (t.first[i] < 0) {
                    for (int p = t.primStart[i]; p < t.primStart[i] + t.primCount[i]; p++) t.growByPrimitive(i, image, p);
                    t.pad(i);
                } else {
                    t.growByNode(i, t.first[i]);
                    t.growByNode(i, t.second[i]);
                }
            }
            return t;
        }

        private void pad(int i) {
            if (!(lo[3 * i] <= hi[3 * i])) return; // empty
            float extent = 0, far = 0;
            for (int a = 0; a < 3; a++) {
                extent = Math.max(extent, hi[3 * i + a] - lo[3 * i + a]);
                far = Math.max(far, Math.max(Math.abs(lo[3 * i + a]), Math.abs(hi[3 * i + a])));
            }
            float pad = 1e-5f * extent + 4e-7f * far;
            for (int a = 0; a < 3; a++) {
                lo[3 * i + a] -= pad;
                hi[3 * i + a] += pad;
            }
        }

        private void growByNode(int i, int child) {
            for (int a = 0; a < 3; a++) {
                lo[3 * i + a] = Math.min(lo[3 * i + a], lo[3 * child + a]);
                hi[3 * i + a] = Math.max(hi[3 * i + a], hi[3 * child + a]);
            }
        }

        private void growByPrimitive(int i, GeometryImage image, int p) {
            float[] prims = image.primitives(), verts = image.vertices();
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
}
