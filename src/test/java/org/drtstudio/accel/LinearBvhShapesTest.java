package org.drtstudio.accel;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@link LinearBvhShapes} defers a mesh's sphere tree: what it packs when first asked is the tree
 * it packed at once before, bit for bit, and what it states beforehand (node count, depth, a bound
 * around every vertex) holds for that tree.
 */
class LinearBvhShapesTest {

    @Test
    void theDeferredTreeIsTheOneMadeAtOnceAndItsBoundHoldsTheMesh() {
        for (TriangleMesh mesh : List.of(ProceduralMeshes.bumpySphere(100, 100), ProceduralMeshes.bumpySphere(7, 5),
                ProceduralMeshes.bumpySphere(2, 3), LinearBvhTwinTest.tallLine())) { // the last one's tree is rebalanced first
            String what = mesh.triangleCount() + " triangles";
            ShapeHierarchy deferred = LinearBvhShapes.of(mesh, new LinearBvhTwin().build(mesh.positions(), mesh.indices())).hierarchy();
            assertFalse(deferred.sphereNodes().packed(), what + ": nothing packed before it is asked for");

            LinearBvh bvh = new LinearBvhTwin().build(mesh.positions(), mesh.indices());
            LinearBvhSubtrees subtrees = new LinearBvhSubtrees(bvh);
            LinearBvh limited = LinearBvhHeightLimit.apply(bvh, subtrees, BoxLayout.STACK_SIZE);
            FlatScene scene = new FlatScene(mesh.positions(), mesh.indices(), mesh.triangleMaterials(), new float[0], new int[0]);
            LinearBvhSpheres.Packed atOnce = LinearBvhSpheres.of(limited, subtrees, LinearBvhShapes.leafSpheres(limited, scene));

            assertEquals(atOnce.nodeCount(), deferred.nodeCount(), what + ": node count");
            assertEquals(atOnce.depth(), deferred.depth(), what + ": depth");
            assertArrayEquals(bits(atOnce.nodes()), bits(deferred.nodes()), what + ": the nodes, bit for bit");
            assertTrue(deferred.sphereNodes().packed(), what);
            assertEnclosesEveryVertex(deferred.bound(), mesh.positions(), what);
            assertTrue(deferred.bound()[3] <= atOnce.nodes()[3], what + ": the root box's sphere is no larger than the tree's root sphere");
        }
    }

    @Test
    void oneTrianglePacksItsLeafAtOnce() {
        TriangleMesh one = new TriangleMesh("one", new float[]{0, 0, 0, 1, 0, 0, 0, 1, 0}, new float[9], null, new int[]{0, 1, 2}, new int[1]);
        ShapeHierarchy h = LinearBvhShapes.of(one, new LinearBvhTwin().build(one.positions(), one.indices())).hierarchy();
        assertTrue(h.sphereNodes().packed());
        assertEquals(1, h.nodeCount());
        assertEquals(1, h.depth());
        assertArrayEquals(java.util.Arrays.copyOf(h.nodes(), 4), h.bound(), "the bound is the leaf's sphere");
    }

    private static void assertEnclosesEveryVertex(float[] sphere, float[] positions, String what) {
        for (int v = 0; v < positions.length / 3; v++) {
            double dx = positions[3 * v] - sphere[0], dy = positions[3 * v + 1] - sphere[1], dz = positions[3 * v + 2] - sphere[2];
            assertTrue(Math.sqrt(dx * dx + dy * dy + dz * dz) <= sphere[3], what + ": vertex " + v + " outside the bound");
        }
    }

    private static int[] bits(float[] a) {
        int[] b = new int[a.length];
        for (int i = 0; i < a.length; i++) b[i] = Float.floatToRawIntBits(a[i]);
        return b;
    }
}
