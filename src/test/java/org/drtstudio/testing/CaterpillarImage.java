package org.drtstudio.testing;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * A geometry image whose sphere tree is as tall as it can be: a "caterpillar" where every inner
 * node has one leaf child and the rest of the tree as its other child, so its height is the leaf
 * count minus one. No builder makes such a tree from sane input; it stands for a degenerate build
 * (what the box layout must still walk within its stack). Leaf i holds triangle i, lying in the
 * plane z = 0 at x = i; every node's sphere is one large sphere around all of them.
 */
public final class CaterpillarImage {
    private CaterpillarImage() {
    }

    public static GeometryImage of(int leaves) {
        int n = 2 * leaves - 1;
        float[] vertices = new float[4 * VERTEX_TEXELS * 3 * leaves];
        float[] prims = new float[4 * PRIMITIVE_TEXELS * leaves];
        for (int i = 0; i < leaves; i++) {
            float[][] corners = {{i, 0, 0}, {i + 0.8f, 0, 0}, {i, 0.8f, 0}};
            for (int c = 0; c < 3; c++) {
                int v = 4 * VERTEX_TEXELS * (3 * i + c);
                System.arraycopy(corners[c], 0, vertices, v, 3);
                vertices[v + 6] = 1; // normal +z
                prims[4 * i + c] = Float.intBitsToFloat(3 * i + c);
            }
            prims[4 * i + 3] = Float.intBitsToFloat(primitiveInfo(KIND_TRIANGLE, false, 0));
        }
        float cx = leaves / 2f, radius = leaves + 1f;
        float[] nodes = new float[4 * NODE_TEXELS * n];
        for (int j = 0; j < n; j++) {
            int o = 4 * NODE_TEXELS * j;
            nodes[o] = cx;
            nodes[o + 1] = 0.4f;
            nodes[o + 3] = radius;
            boolean last = j == n - 1, leaf = last || j % 2 == 1;
            int next = last ? END : j + 1;
            // inner node 2i: hit its leaf child 2i+1, miss END (its subtree runs to the end);
            // leaf 2i+1 (and the last leaf): hit = miss = the next node
            nodes[o + 4] = Float.intBitsToFloat(leaf ? next : j + 1);
            nodes[o + 5] = Float.intBitsToFloat(leaf ? next : END);
            nodes[o + 6] = Float.intBitsToFloat(leaf ? 1 : 0);
            nodes[o + 7] = Float.intBitsToFloat(leaf ? (last ? leaves - 1 : j / 2) : 0);
        }
        float[] top = {cx, 0.4f, 0, radius * 1.01f, Float.intBitsToFloat(END), Float.intBitsToFloat(END),
                Float.intBitsToFloat(1), Float.intBitsToFloat(0)};
        float[] identity = new float[4 * INSTANCE_TEXELS];
        for (int block = 0; block < 4; block++) {
            for (int r = 0; r < 3; r++) identity[12 * block + 4 * r + r] = 1;
        }
        identity[48] = Float.intBitsToFloat(0);
        identity[49] = Float.intBitsToFloat(n);
        // Materials and lights from any small scene: the tree is what matters here.
        GeometryImage any = new GeometryImageBuilder().build(TestScenes.randomSoup(1, 1, 0));
        return new GeometryImage(nodes, prims, vertices, top, identity, any.materials(), any.lights(), n, 1, 1,
                leaves, 0, leaves, any.materialCount(), any.lightCount(), leaves, 3L + n, radius, new float[]{cx, 0.4f, 0}, false);
    }
}
