package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.GuideScenes;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GL tracer's guides (summed by {@code trace.comp}, topped up by {@code aov.comp}) average the same
 * camera rays as the CPU twin's: equal guides under depth of field (the summed guides' own checks are
 * in the renderer contract).
 */
@Timeout(300)
class GuideAovTwinTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void gpuAndCpuAverageTheSameGuides() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 4, 0.4f);
        var aovs = EnumSet.of(Aov.ALBEDO, Aov.DEPTH, Aov.NORMAL);
        Frame g = GL.get().render(image, p, aovs, ProgressListener.NONE);
        Frame c;
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            c = cpu.render(image, p, aovs, ProgressListener.NONE);
        }
        int n = p.width() * p.height(), agree = 0, mixed = 0;
        for (int i = 0; i < n; i++) {
            double albedo = 0, dot = 0;
            for (int k = 0; k < 3; k++) {
                albedo += Math.abs(g.albedo()[3 * i + k] - c.albedo()[3 * i + k]);
                dot += g.normals()[3 * i + k] * c.normals()[3 * i + k];
            }
            boolean bothMiss = Float.isInfinite(g.depth()[i]) && Float.isInfinite(c.depth()[i]);
            boolean depthAgrees = bothMiss || Math.abs(g.depth()[i] - c.depth()[i]) <= 1e-4 * c.depth()[i];
            if (albedo < 1e-4 && depthAgrees && (bothMiss || dot > 0.9999)) agree++;
            float green = c.albedo()[3 * i + 1];
            if (green > 0.05f && green < 0.95f) mixed++;
        }
        assertTrue(mixed >= 4 * GuideScenes.HEIGHT, "the comparison should cover averaged pixels: " + mixed);
        // A sample ray grazing an edge may hit on one side in one tracer and the other in the other.
        assertTrue(agree >= 0.99 * n, "GPU and CPU guides agree on " + agree + " of " + n + " pixels");
    }


}
