package org.drtstudio.accel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Axis-aligned-box versions of a geometry image's shape-level hierarchy that only the traversal
 * experiment walks ({@code shaders/traversal_bench.comp}, {@code traverse_octant.glsl}), kept to
 * measure the tracers' {@link BoxLayout} against: the sphere tree's fixed order, eight layouts
 * ordered per ray octant (the default walk before {@link BoxLayout}), and 4-wide nodes. The tree is the same; only the node
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
    /** Texels per node of the fixed and octant-ordered layouts. */
    public static final int NODE_TEXELS = 2;
    /** Node texels: min corner with the skip link, max corner with the leaf word. */
    public static final int NODE_MIN = 0, NODE_MAX = 1;
    /**
     * Sampler units the traversal experiment binds these layouts to: after the scene's, the last of
     * which is {@link SpatialLayout#ROOTS_UNIT} (11 and 12 here once shared the spatial layout's units,
     * declared in the same program; ShaderBindingTest now fails on that). 16 units is GL's least.
     */
    public static final int OCTANT_BOXES_UNIT = 13, WIDE_NODES_UNIT = 14, WIDE_ROOTS_UNIT = 15;

    /** The constants of these layouts as GLSL {@code #define}s ({@code traverse_octant.glsl}, {@code traversal_bench.comp}). */
    public static Map<String, String> glslDefines() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("BOX_VARIANT_NODE_TEXELS", Integer.toString(NODE_TEXELS));
        d.put("BOX_VARIANT_MIN", Integer.toString(NODE_MIN));
        d.put("BOX_VARIANT_MAX", Integer.toString(NODE_MAX));
        d.put("BOX_VARIANT_COUNT_MASK", Integer.toString((1 << COUNT_BITS) - 1));
        d.put("BOX_VARIANT_START_SHIFT", Integer.toString(COUNT_BITS + 1));
        d.put("WIDE_TEXELS", Integer.toString(WIDE_TEXELS));
        d.put("WIDE_EMPTY", Integer.toString(WIDE_EMPTY));
        d.put("OCTANT_BOXES_UNIT", Integer.toString(OCTANT_BOXES_UNIT));
        d.put("WIDE_NODES_UNIT", Integer.toString(WIDE_NODES_UNIT));
        d.put("WIDE_ROOTS_UNIT", Integer.toString(WIDE_ROOTS_UNIT));
        return d;
    }

    private BoxNodeVariants() {
    }

    /** Box nodes in the image's own (fixed) order. */
    public static float[] boxNodes(GeometryImage image) {
        BoxTree t = checkedTree(image);
        float[] out = new float[8 * t.n];
        t.write(out, 0, identityOrder(t));
        return out;
    }

    /** Eight box-node layouts, one per ray octant, each visiting children near-first. */
    public static float[] octantOrderedBoxNodes(GeometryImage image) {
        BoxTree t = checkedTree(image);
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
        BoxTree t = checkedTree(image);
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
        private final BoxTree t;
        private float[] out = new float[4 * WIDE_TEXELS * 64];
        private int count;

        WideBuilder(BoxTree t) {
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

    /** The old layouts' packed leaf word has 5 bits of count and 25 of start. */
    private static BoxTree checkedTree(GeometryImage image) {
        BoxTree t = BoxTree.of(image);
        for (int i = 0; i < t.n; i++) {
            if (t.primCount[i] >= 1 << COUNT_BITS || t.primStart[i] >= 1 << START_BITS)
                throw new IllegalArgumentException("leaf " + i + " (" + t.primCount[i] + " primitives from " + t.primStart[i]
                        + ") does not fit a packed box-node leaf word");
        }
        return t;
    }

    private static int[] identityOrder(BoxTree t) {
        int[] order = new int[t.n];
        for (int i = 0; i < t.n; i++) order[i] = i;
        return order;
    }

}
