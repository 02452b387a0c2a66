package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRayThroughput;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The benchmark's GPU kernel and its CPU twin trace the same rays: the same counts of primary hits,
 * shadow rays launched and blocked, glossy rays launched and hitting (up to a few rays that float
 * rounding tips over an edge).
 */
@Timeout(120)
class RayThroughputTest {
    @Test
    void gpuKernelAndCpuTwinTraceTheSameRays() throws Exception {
        Scene s = TestScenes.randomSoup(3, 3000, 200);
        s = s.withLights(List.of(new SphereLight(new Vec3(2, 4, 6), Vec3.ONE, 1, 0.3f), new PointLight(new Vec3(-5, 2, 3), Vec3.ONE, 1)));
        GeometryImage gi = new GeometryImageBuilder().build(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings().withSize(64, 48), gi);
        CpuRayThroughput.Result cpu = CpuRayThroughput.run(gi, p, 48f, 2);
        try (GlRenderer gpu = GlRenderer.start()) {
            RayThroughput.Result r = RayThroughput.run(gpu, gi, p, 48f, 2);
            assertEquals(64L * 48, r.primary().rays());
            assertTrue(cpu.primary().hits() > 1000 && cpu.shadow().rays() > 1000 && cpu.glossy().rays() > 500,
                    "the scene exercises every ray type: " + cpu);
            assertClose(cpu.primary().hits(), r.primary().hits(), "primary hits");
            assertClose(cpu.shadow().rays(), r.shadow().rays(), "shadow rays");
            assertClose(cpu.shadow().hits(), r.shadow().hits(), "blocked shadow rays");
            assertClose(cpu.glossy().rays(), r.glossy().rays(), "glossy rays");
            assertClose(cpu.glossy().hits(), r.glossy().hits(), "glossy hits");
            for (RayThroughput.Measurement m : new RayThroughput.Measurement[]{r.primary(), r.shadow(), r.glossy()}) {
                assertTrue(m.medianMs() > 0 && m.mraysPerSecond() > 0, m.toString());
            }
            // The default box walk uploads the box layout and one root texel per instance beside the image.
            BoxLayout layout = BoxLayout.of(gi);
            long boxes = gpu.nodeKind() == NodeKind.BOXES
                    ? layout.nodeBytes() + layout.primitiveBytes() + 16L * Math.max(1, gi.instanceCount()) : 0;
            assertEquals(gi.dataBytes() + boxes, r.uploadBytes());
            assertTrue(r.uploadMs() > 0);
        }
    }

    private static void assertClose(long expected, long actual, String what) {
        assertTrue(Math.abs(expected - actual) <= Math.max(3, expected / 200), what + ": CPU " + expected + ", GPU " + actual);
    }
}
