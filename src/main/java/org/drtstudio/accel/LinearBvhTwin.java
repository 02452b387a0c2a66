package org.drtstudio.accel;

import java.util.concurrent.ForkJoinPool;

/**
 * The GPU's linear BVH build in Java, step for step as {@code shaders/lbvh_*.comp} does it, so the
 * trees are equal bit for bit (LinearBvhAgreementTest): Morton codes of the triangles' centroids in
 * the centroids' bounds ({@link #BITS} bits per axis), a stable sort by code, Karras's (2012)
 * binary radix tree (equal codes told apart by slot), and boxes bottom-up. Every float operation is
 * one IEEE operation on both sides (the shaders mark them {@code precise}), min and max are exact,
 * so the boxes agree however the GPU orders its work.
 */
public final class LinearBvhTwin implements LinearBvhBuilder {
    /** Bits per axis of a Morton code: 30 in all. */
    public static final int BITS = 10;
    private static final ForkJoinPool POOL = ForkJoinPool.commonPool();

    @Override
    public LinearBvh build(float[] positions, int[] indices) {
        int n = indices.length / 3;
        if (n == 0) throw new IllegalArgumentException("a linear BVH needs at least one triangle");
        float[] centroids = new float[3 * n];
        for (int t = 0; t < n; t++) centroid(positions, indices, t, centroids);
        float[] bounds = bounds(centroids);
        float[] scale = mortonScale(bounds);
        int[] codes = new int[n], slots = new int[n];
        for (int t = 0; t < n; t++) {
            codes[t] = mortonCode(centroids[3 * t], centroids[3 * t + 1], centroids[3 * t + 2], bounds, scale);
            slots[t] = t;
        }
        int[][] sorted = MortonHierarchyBuilder.radixSort(codes, slots, POOL);
        int[] order = sorted[1];
        int inner = Math.max(1, n - 1);
        float[] nodes = new float[4 * BoxLayout.NODE_TEXELS * inner];
        if (n == 1) {
            float[] box = triangleBox(positions, indices, 0);
            put(nodes, 0, 0, box, BoxLayout.leafLink(0, 1));
            put(nodes, 0, 1, box, BoxLayout.leafLink(0, 0));
            return new LinearBvh(order, nodes, 1, 1);
        }
        for (int i = 0; i < n - 1; i++) {
            int[] children = RadixTree.children(sorted[0], i);
            setLink(nodes, i, 0, children[0]);
            setLink(nodes, i, 1, children[1]);
        }
        LinearBvh.SubtreeSizes sizes = new LinearBvh.SubtreeSizes(new int[inner], new int[inner], new int[inner]);
        int height = new Boxes(positions, indices, order, nodes, sizes).fill(0);
        return new LinearBvh(order, nodes, inner, height, sizes);
    }

    @Override
    public String describe() {
        return "CPU LBVH (the GPU build's twin)";
    }

    /** A triangle's centroid: the centre of its box, as MortonHierarchyBuilder takes it. */
    static void centroid(float[] pos, int[] idx, int t, float[] out) {
        int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
        for (int k = 0; k < 3; k++)
            out[3 * t + k] = 0.5f * (Math.min(pos[a + k], Math.min(pos[b + k], pos[c + k])) + Math.max(pos[a + k], Math.max(pos[b + k], pos[c + k])));
    }

    private static float[] bounds(float[] centroids) {
        float[] b = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int i = 0; i < centroids.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], centroids[i + k]);
                b[3 + k] = Math.max(b[3 + k], centroids[i + k]);
            }
        }
        return b;
    }

    /**
     * Per axis, cells per unit of the centroids' bounds (min xyz, max xyz): 2^{@link #BITS} over the
     * extent, 0 for a flat axis. Made in Java for the GPU too: GLSL's division need not round correctly.
     */
    public static float[] mortonScale(float[] bounds) {
        float[] scale = new float[3];
        for (int a = 0; a < 3; a++) {
            float extent = bounds[3 + a] - bounds[a];
            scale[a] = extent > 0 && extent < Float.POSITIVE_INFINITY ? (1 << BITS) / extent : 0;
        }
        return scale;
    }

    static int mortonCode(float x, float y, float z, float[] bounds, float[] scale) {
        return spread(quantize(x, bounds[0], scale[0])) | spread(quantize(y, bounds[1], scale[1])) << 1
                | spread(quantize(z, bounds[2], scale[2])) << 2;
    }

    private static int quantize(float v, float min, float scale) {
        int q = (int) ((v - min) * scale);
        return q < 0 ? 0 : Math.min(q, (1 << BITS) - 1);
    }

    /** The 10 low bits of v moved to every third bit. */
    private static int spread(int v) {
        v = (v | v << 16) & 0x030000FF;
        v = (v | v << 8) & 0x0300F00F;
        v = (v | v << 4) & 0x030C30C3;
        return (v | v << 2) & 0x09249249;
    }

    /** Triangle t's box (lo xyz, hi xyz), padded as {@link BoxTree} pads leaf boxes. */
    static float[] triangleBox(float[] pos, int[] idx, int t) {
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int v = 0; v < 3; v++) {
            int o = 3 * idx[3 * t + v];
            for (int k = 0; k < 3; k++) {
                box[k] = Math.min(box[k], pos[o + k]);
                box[3 + k] = Math.max(box[3 + k], pos[o + k]);
            }
        }
        BoxTree.pad(box, 0, box, 3);
        return box;
    }

    private static void setLink(float[] nodes, int node, int side, int link) {
        nodes[4 * BoxLayout.NODE_TEXELS * node + (side == 0 ? BoxLayout.BoxNodeField.LINK_A : BoxLayout.BoxNodeField.LINK_B)] = Float.intBitsToFloat(link);
    }

    /** Writes child {@code side}'s box (lo xyz, hi xyz) and link into inner node {@code node}. */
    static void put(float[] nodes, int node, int side, float[] box, int link) {
        put(nodes, node, side, box, 0, link);
    }

    /** As {@link #put(float[], int, int, float[], int)} with the box at {@code boxAt} in {@code boxes}. */
    static void put(float[] nodes, int node, int side, float[] boxes, int boxAt, int link) {
        int o = 4 * BoxLayout.NODE_TEXELS * node;
        int lo = o + (side == 0 ? BoxLayout.BoxNodeField.A_LO : BoxLayout.BoxNodeField.B_LO);
        int hi = o + (side == 0 ? BoxLayout.BoxNodeField.A_HI : BoxLayout.BoxNodeField.B_HI);
        for (int k = 0; k < 3; k++) {
            nodes[lo + k] = boxes[boxAt + k];
            nodes[hi + k] = boxes[boxAt + 3 + k];
        }
        setLink(nodes, node, side, link);
    }

    /**
     * The boxes, bottom-up: each inner node's children's boxes written into it, and its subtree's
     * sizes into {@code sizes}, as {@code lbvh_tree.comp} and {@code lbvh_boxes.comp} record them.
     */
    private record Boxes(float[] pos, int[] idx, int[] order, float[] nodes, LinearBvh.SubtreeSizes sizes) {
        /** Fills inner node {@code node}'s child boxes; returns its height. Recursion: Karras trees over 30-bit codes stay within ~64 levels. */
        int fill(int node) {
            int height = 0, leaves = 0, first = Integer.MAX_VALUE;
            for (int side = 0; side < 2; side++) {
                int link = Float.floatToRawIntBits(nodes[4 * BoxLayout.NODE_TEXELS * node + (side == 0 ? BoxLayout.BoxNodeField.LINK_A : BoxLayout.BoxNodeField.LINK_B)]);
                float[] box;
                if (link < 0) {
                    int slot = ~link >>> BoxLayout.LEAF_COUNT_BITS;
                    box = triangleBox(pos, idx, order[slot]);
                    leaves++;
                    first = Math.min(first, slot);
                } else {
                    height = Math.max(height, fill(link));
                    box = union(link);
                    leaves += sizes.leaves()[link];
                    first = Math.min(first, sizes.firstSlot()[link]);
                }
                put(nodes, node, side, box, link);
            }
            sizes.leaves()[node] = leaves;
            sizes.firstSlot()[node] = first;
            return sizes.height()[node] = height + 1;
        }

        private float[] union(int node) {
            int o = 4 * BoxLayout.NODE_TEXELS * node;
            float[] box = new float[6];
            for (int k = 0; k < 3; k++) {
                box[k] = Math.min(nodes[o + BoxLayout.BoxNodeField.A_LO + k], nodes[o + BoxLayout.BoxNodeField.B_LO + k]);
                box[3 + k] = Math.max(nodes[o + BoxLayout.BoxNodeField.A_HI + k], nodes[o + BoxLayout.BoxNodeField.B_HI + k]);
            }
            return box;
        }
    }
}
