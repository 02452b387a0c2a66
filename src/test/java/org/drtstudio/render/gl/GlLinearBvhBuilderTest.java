package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.LinearBvh;
import org.drtstudio.accel.LinearBvhTwin;
import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The GPU's linear BVH (compute shaders; llvmpipe in CI) is its Java twin's tree: the same triangle
 * order, the same links, the same boxes and height, and the same subtree sizes recorded as it built. The twin's own invariants are checked in
 * accel.LinearBvhTwinTest; so every GPU tree checked here holds them too.
 */
@Timeout(120)
class GlLinearBvhBuilderTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    private static LinearBvh onGpu(float[] positions, int[] indices) {
        return new GlLinearBvhBuilder(GL.get()).build(positions, indices);
    }

    @Test
    void aMeshOfTwentyThousandTrianglesGetsTheTwinsTree() {
        TriangleMesh mesh = ProceduralMeshes.bumpySphere(100, 100);
        assertSameTree(new LinearBvhTwin().build(mesh.positions(), mesh.indices()), onGpu(mesh.positions(), mesh.indices()));
    }

    @Test
    void theMeshSentAndTheTreeReadThroughTheStagingBuffersIsTheSame() {
        // The path of large meshes (drt.stagedUpload=all: every array, however small).
        TriangleMesh mesh = ProceduralMeshes.bumpySphere(60, 60);
        System.setProperty("drt.stagedUpload", "all");
        try {
            assertSameTree(new LinearBvhTwin().build(mesh.positions(), mesh.indices()), onGpu(mesh.positions(), mesh.indices()));
        } finally {
            System.clearProperty("drt.stagedUpload");
        }
    }

    @Test
    void manyEqualCodesAndUnsortedInputGetTheTwinsTree() {
        // 3,000 triangles at 40 places, in random order: runs of equal codes, told apart by slot.
        SplittableRandom rnd = new SplittableRandom(7);
        int tris = 3_000;
        float[] pos = new float[9 * tris];
        int[] idx = new int[3 * tris];
        for (int t = 0; t < tris; t++) {
            int place = rnd.nextInt(40);
            for (int v = 0; v < 3; v++) {
                for (int a = 0; a < 3; a++) pos[9 * t + 3 * v + a] = place * (a + 1) - 17 + 0.001f * v * (a == v ? 1 : 0);
                idx[3 * t + v] = 3 * t + v;
            }
        }
        assertSameTree(new LinearBvhTwin().build(pos, idx), onGpu(pos, idx));
    }

    @Test
    void twoAndThreeTrianglesAndAFlatMeshGetTheTwinsTrees() {
        for (int tris : new int[]{2, 3, 600}) {
            float[] pos = new float[9 * tris];
            int[] idx = new int[3 * tris];
            for (int t = 0; t < tris; t++) {
                float x = (t * 37 % tris) * 0.5f; // flat in z: a zero extent, every code's z bits 0
                float[] v = {x, 1, 2, x + 0.4f, 1, 2, x, 1.4f, 2};
                System.arraycopy(v, 0, pos, 9 * t, 9);
                for (int k = 0; k < 3; k++) idx[3 * t + k] = 3 * t + k;
            }
            assertSameTree(new LinearBvhTwin().build(pos, idx), onGpu(pos, idx));
        }
    }

    static void assertSameTree(LinearBvh twin, LinearBvh gpu) {
        assertArrayEquals(twin.order(), gpu.order(), "the triangles' order (the sorted codes)");
        assertEquals(twin.innerCount(), gpu.innerCount());
        for (int node = 0; node < twin.innerCount(); node++) {
            for (int side = 0; side < 2; side++) assertEquals(twin.link(node, side), gpu.link(node, side), "link " + side + " of node " + node);
        }
        float[] a = twin.nodes(), b = gpu.nodes();
        assertEquals(a.length, b.length);
        for (int i = 0; i < a.length; i++) {
            // links compared above; a box coordinate of -0 and 0 are the same box
            if (i % 4 == 3) continue;
            assertTrue(a[i] == b[i], "float " + i + " of the nodes (node " + i / (4 * BoxLayout.NODE_TEXELS) + "): twin " + a[i] + ", GPU " + b[i]);
        }
        assertEquals(twin.height(), gpu.height(), "height");
        // The subtrees' sizes the GPU recorded as it built (the twin's are the measured ones: LinearBvhTwinTest).
        assertNotNull(gpu.sizes(), "the GPU build's subtree sizes");
        assertArrayEquals(twin.sizes().leaves(), gpu.sizes().leaves(), "leaves under each node");
        assertArrayEquals(twin.sizes().height(), gpu.sizes().height(), "each subtree's height");
        assertArrayEquals(twin.sizes().firstSlot(), gpu.sizes().firstSlot(), "each subtree's first slot");
    }
}
