package org.drtstudio.accel;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@link LinearBvhSpheres} writes the sphere tree straight from the linear BVH's links into packed
 * nodes: they must be the nodes the general path makes of the same links ({@link NodeList}s
 * flattened by {@link HierarchyFlattener}, then packed, as the GPU build's shapes were derived
 * before), bit for bit.
 */
class LinearBvhSpheresTest {

    @Test
    void theDirectTreeIsTheFlattenersBitForBit() {
        for (TriangleMesh mesh : List.of(ProceduralMeshes.bumpySphere(100, 100), ProceduralMeshes.bumpySphere(7, 5),
                ProceduralMeshes.bumpySphere(2, 3))) {
            LinearBvh bvh = new LinearBvhTwin().build(mesh.positions(), mesh.indices());
            FlatScene scene = new FlatScene(mesh.positions(), mesh.indices(), mesh.triangleMaterials(), new float[0], new int[0]);
            float[] leafSpheres = LinearBvhShapes.leafSpheres(bvh, scene);
            LinearBvhSpheres.Packed direct = LinearBvhSpheres.of(bvh, new LinearBvhSubtrees(bvh), leafSpheres);
            SphereHierarchy general = HierarchyFlattener.flatten(ForkJoinPool.commonPool().invoke(new Lists(bvh, 0, 0)), leafSpheres,
                    bvh.order(), ForkJoinPool.commonPool());
            String what = mesh.triangleCount() + " triangles";
            assertEquals(2 * mesh.triangleCount() - 1, direct.nodeCount(), what);
            assertEquals(general.nodeCount(), direct.nodeCount(), what);
            assertEquals(general.depth(), direct.depth(), what + ": depth");
            assertArrayEquals(bits(ShapeHierarchyBuilder.packNodes(general)), bits(direct.nodes()),
                    what + ": spheres, links and leaves' slots, bit for bit");
        }
    }

    @Test
    void oneTriangleIsOneLeaf() {
        float[] pos = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        LinearBvh bvh = new LinearBvhTwin().build(pos, new int[]{0, 1, 2});
        float[] leaf = {0.5f, 0.5f, 0, 0.75f};
        LinearBvhSpheres.Packed h = LinearBvhSpheres.of(bvh, new LinearBvhSubtrees(bvh), leaf);
        assertEquals(1, h.nodeCount());
        assertEquals(1, h.depth());
        float[] nodes = h.nodes();
        assertArrayEquals(leaf, java.util.Arrays.copyOf(nodes, 4));
        assertEquals(GeometryImageLayout.END, Float.floatToRawIntBits(nodes[GeometryImageLayout.NodeField.MISS]));
        assertEquals(GeometryImageLayout.END, Float.floatToRawIntBits(nodes[GeometryImageLayout.NodeField.HIT]));
        assertEquals(1, Float.floatToRawIntBits(nodes[GeometryImageLayout.NodeField.PRIM_COUNT]));
    }

    private static int[] bits(float[] a) {
        int[] b = new int[a.length];
        for (int i = 0; i < a.length; i++) b[i] = Float.floatToRawIntBits(a[i]);
        return b;
    }

    /** The linear BVH as {@link NodeList}s, subtrees below level 3 as lists of their own: the general path's input. */
    private static final class Lists extends RecursiveTask<NodeList> {
        private final LinearBvh bvh;
        private final int node, depth;

        Lists(LinearBvh bvh, int node, int depth) {
            this.bvh = bvh;
            this.node = node;
            this.depth = depth;
        }

        @Override
        protected NodeList compute() {
            NodeList list = new NodeList(16);
            int[] stack = new int[3 * 256];
            int sp = 0;
            stack[sp++] = node;
            stack[sp++] = list.add(0, 0);
            stack[sp++] = depth;
            while (sp > 0) {
                int d = stack[--sp], at = stack[--sp], inner = stack[--sp];
                int a = bvh.link(inner, 0), b = bvh.link(inner, 1);
                if (d < 3 && a >= 0 && b >= 0) {
                    list.forkChildren(at, new Lists(bvh, a, d + 1), new Lists(bvh, b, d + 1));
                    continue;
                }
                int first = list.addChildren(at, 0, 0, 0);
                for (int side = 0; side < 2; side++) {
                    int link = side == 0 ? a : b, child = first + side;
                    if (link < 0) {
                        list.start[child] = ~link >>> BoxLayout.LEAF_COUNT_BITS;
                        list.count[child] = 1;
                    } else {
                        stack[sp++] = link;
                        stack[sp++] = child;
                        stack[sp++] = d + 1;
                    }
                }
            }
            return list;
        }
    }
}
