package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.*;

/** Box nodes, walked in skip order or near child first, must find the hits of sphere nodes (speed is for VariantBenchmark). */
@Timeout(120)
class NodeVariantExperimentTest {
    @Test
    void boxAndSphereNodesFindTheSameHits() throws Exception {
        Scene s = TestScenes.randomSoup(8, 2000, 300);
        s = s.withSettings(s.settings().withSize(32, 32));
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), gi);
        try (GlRenderer gpu = GlRenderer.start()) {
            for (boolean coherent : new boolean[]{true, false}) {
                NodeVariantExperiment.Result r = NodeVariantExperiment.run(gpu, gi, p, coherent, 1);
                for (int v = 0; v < NodeVariantExperiment.VARIANTS.length; v++) {
                    assertEquals(r.rays(), r.matchingHits()[v], NodeVariantExperiment.VARIANTS[v] + ", coherent=" + coherent);
                    assertTrue(r.mraysPerSecond()[v] > 0);
                }
            }
        }
    }
}
