package org.drtstudio.accel;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * The shape-level hierarchy of a geometry image with axis-aligned boxes instead of spheres, in the
 * same next/skip layout: same node order, same skip links, same leaves, so a walk over it differs
 * from the sphere walk only in the bounding test. An experiment (issue #6: sphere nodes vs box
 * nodes), not part of the geometry image. Two texels per node:
 * <pre>
 * texel 2i   : min.x, min.y, min.z, miss          (miss: int bits, as in the sphere nodes)
 * texel 2i+1 : max.x, max.y, max.z, leaf          (leaf: int bits, primCount &lt;&lt; LEAF_COUNT_SHIFT | primStart; 0 for inner nodes)
 * </pre>
 * The hit link stays implicit: i + 1 for inner nodes, the skip link for leaves. A leaf's box is
 * its primitives' box, an inner node's the union of its two children's (the first child is i + 1,
 * the second that child's skip link); boxes are widened by a small relative margin so float
 * rounding in the slab test never culls a primitive a ray hits.
 */
public final class BoxNodes {
    /** primStart occupies the low bits of the leaf word, primCount the bits from here up. */
    public static final int LEAF_COUNT_SHIFT = 28;
    private static final float INFLATE_RELATIVE = 1e-5f;

    private BoxNodes() {
    }

    /** The box nodes of every shape-level node of {@code gi}, in the sphere nodes' order. */
    public static float[] of(GeometryImage gi) {
        float[] nodes = gi.nodes(), verts = gi.vertices(), prims = gi.primitives();
        int n = gi.nodeCount();
        if (gi.primitiveCount() >= 1 << LEAF_COUNT_SHIFT) throw new IllegalArgumentException("too many primitives for box nodes");
        float[] box = new float[6 * n];
        // Children come after their parent: fill from the back.
        for (int i = n - 1; i >= 0; i--) {
            int b = 4 * NODE_TEXELS * i;
            int miss = bits(nodes, b + 5), count = bits(nodes, b + 6), start = bits(nodes, b + 7);
            reset(box, 6 * i);
            if (count > 0) {
                for (int p = start; p < start + count; p++) {
                    int o = 4 * PRIMITIVE_TEXELS * p;
                    boolean sphere = kindOf(bits(prims, o + 3)) == KIND_SPHERE;
                    for (int k = 0; k < (sphere ? 1 : 3); k++) {
                        int v = 4 * VERTEX_TEXELS * bits(prims, o + k);
                        float r = sphere ? verts[v + 3] : 0f;
                        for (int a = 0; a < 3; a++) include(box, 6 * i, a, verts[v + a] - r, verts[v + a] + r);
                    }
                }
            } else {
                int first = i + 1, second = bits(nodes, 4 * NODE_TEXELS * first + 5);
                for (int a = 0; a < 3; a++) {
                    include(box, 6 * i, a, box[6 * first + a], box[6 * first + 3 + a]);
                    if (second != miss) include(box, 6 * i, a, box[6 * second + a], box[6 * second + 3 + a]);
                }
            }
        }
        float[] out = new float[4 * NODE_TEXELS * n];
        for (int i = 0; i < n; i++) {
            int b = 4 * NODE_TEXELS * i, o = 6 * i;
            float scale = 0;
            for (int a = 0; a < 6; a++) scale = Math.max(scale, Math.abs(box[o + a]));
            float pad = INFLATE_RELATIVE * scale + 1e-30f;
            for (int a = 0; a < 3; a++) {
                out[b + a] = box[o + a] - pad;
                out[b + 4 + a] = box[o + 3 + a] + pad;
            }
            out[b + 3] = nodes[b + 5];
            int count = bits(nodes, b + 6), start = bits(nodes, b + 7);
            out[b + 7] = Float.intBitsToFloat(count > 0 ? count << LEAF_COUNT_SHIFT | start : 0);
        }
        return out;
    }

    private static int bits(float[] a, int i) {
        return Float.floatToRawIntBits(a[i]);
    }

    private static void reset(float[] box, int o) {
        for (int a = 0; a < 3; a++) {
            box[o + a] = Float.POSITIVE_INFINITY;
            box[o + 3 + a] = Float.NEGATIVE_INFINITY;
        }
    }

    private static void include(float[] box, int o, int a, float lo, float hi) {
        if (lo < box[o + a]) box[o + a] = lo;
        if (hi > box[o + 3 + a]) box[o + 3 + a] = hi;
    }
}
