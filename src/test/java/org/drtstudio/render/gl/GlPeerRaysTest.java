package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.PeerRays;
import org.drtstudio.render.cpu.TwinWalk;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The peers' rays on the GPU tracer find the twin's hits and blocked shadow rays, ray for ray counted. */
@Timeout(120)
class GlPeerRaysTest {
    @Test
    void gpuAndTwinCountTheSameHitsAndOccludedRays() throws Exception {
        Scene s = TestScenes.randomSoup(3, 3000, 200);
        GeometryImage gi = new GeometryImageBuilder().build(s);
        var c = s.camera();
        PeerRays.Camera camera = new PeerRays.Camera(new double[]{c.eye().x(), c.eye().y(), c.eye().z()},
                new double[]{c.look().x(), c.look().y(), c.look().z()}, new double[]{c.up().x(), c.up().y(), c.up().z()}, c.fovY(), 64, 48);
        double[] light = {2, 4, 6};
        PeerRays.Result cpu = PeerRays.run(gi, camera, light, 1e-4, 2, TwinWalk.INSTANCE, 0.0);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings().withSize(64, 48), gi);
        float[] eye = {c.eye().x(), c.eye().y(), c.eye().z()};
        try (GlRenderer gpu = GlRenderer.start()) {
            PeerRays.Result r = GlPeerRays.run(gpu, gi, p, eye, PeerRays.primaryDirections(camera), light, 1e-4, 2);
            assertTrue(cpu.primary().hits() > 1000 && cpu.shadow().hits() > 50, "the view shows the soup and its shadows: " + cpu);
            assertEquals(64L * 48, r.primary().rays());
            assertEquals(cpu.primary().hits(), r.primary().hits(), "primary hits");
            assertEquals(cpu.shadow().rays(), r.shadow().rays(), "shadow rays");
            assertTrue(Math.abs(cpu.shadow().hits() - r.shadow().hits()) <= 3, "occluded: CPU " + cpu.shadow().hits() + ", GPU " + r.shadow().hits());
            assertTrue(r.primary().medianMs() > 0 && r.shadow().medianMs() > 0);
        }
    }
}
