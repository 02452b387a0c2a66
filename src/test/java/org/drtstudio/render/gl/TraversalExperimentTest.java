package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.*;

/** The paired walk must find exactly the hits of two separate walks (speed is for drt bench). */
@Timeout(120)
class TraversalExperimentTest {
    @Test
    void pairedAndSeparateWalksFindTheSameHits() throws Exception {
        Scene s = TestScenes.randomSoup(8, 2000, 300);
        s = s.withSettings(s.settings().withSize(32, 32));
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), gi);
        try (GlRenderer gpu = GlRenderer.start()) {
            for (boolean coherent : new boolean[]{true, false}) {
                TraversalExperiment.Result r = TraversalExperiment.run(gpu, gi, p, coherent, 1);
                assertTrue(r.sameHits(), "coherent=" + coherent);
                assertTrue(r.separateMraysPerSecond() > 0 && r.pairedMraysPerSecond() > 0);
            }
        }
    }
}
