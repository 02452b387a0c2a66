package org.drtstudio.accel;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code --build auto}'s builder: where the GPU has no room for a mesh, the CPU builds the same tree
 * and the description says why; any other failure is the GPU's to report.
 */
class LinearBvhFallbackTest {
    private static final TriangleMesh MESH = ProceduralMeshes.bumpySphere(20, 20);

    /** A GPU builder that fails as told. */
    private static final class Failing implements LinearBvhBuilder {
        final RuntimeException failure;
        boolean closed;

        Failing(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public LinearBvh build(float[] positions, int[] indices) {
            throw failure;
        }

        @Override
        public String describe() {
            return "GPU LBVH (test)";
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aMeshTheGpuHasNoRoomForIsBuiltOnTheCpuAsTheSameTree() {
        Failing gpu = new Failing(new LinearBvhFallback.NoRoom("the GPU has no room to build the hierarchy of 800 triangles", null));
        try (LinearBvhFallback auto = new LinearBvhFallback(gpu)) {
            LinearBvh built = auto.build(MESH.positions(), MESH.indices());
            LinearBvh twin = new LinearBvhTwin().build(MESH.positions(), MESH.indices());
            assertArrayEquals(twin.order(), built.order());
            assertArrayEquals(twin.nodes(), built.nodes());
            assertTrue(auto.describe().startsWith(new LinearBvhTwin().describe()), auto.describe());
            assertTrue(auto.describe().contains("no room"), auto.describe());
        }
        assertTrue(gpu.closed, "the GPU builder is let go with it");
    }

    @Test
    void otherFailuresAreTheGpusToReport() {
        try (LinearBvhFallback auto = new LinearBvhFallback(new Failing(new IllegalStateException("lost the context")))) {
            assertThrows(IllegalStateException.class, () -> auto.build(MESH.positions(), MESH.indices()));
        }
    }
}
