package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.denoise.GuideBudget;
import org.drtstudio.render.GuideScenes;
import org.drtstudio.render.GuideSumChecks;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The production CPU tracer tops edge pixels' guides up to the CPU's budget (4× the samples, at
 * most 64: {@link GuideBudget#EQUAL_CPU_TIME}), not the GPU's 256, which its twin keeps.
 */
class ProductionGuidesTest {
    @Test
    void summedAndToppedUpGuidesAreTheGuidePassOnes() throws Exception {
        try (CpuRenderer r = CpuRenderer.production(2, WideWalk.INSTANCE)) {
            GuideSumChecks.summedAndToppedUpGuidesAreTheGuidePassOnes(r, GuideBudget.EQUAL_CPU_TIME);
        }
    }

    /**
     * On the floor's red-white edge the albedo's green is the fraction of a pixel's guide samples
     * on white: at 16 spp every edge pixel's is a whole number of 64ths (256ths would not be), and
     * some are not whole 16ths (the edge pixels were topped up beyond their own samples).
     */
    @Test
    void edgePixelsGuidesAverage64Samples() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        int spp = 16, guides = GuideBudget.EQUAL_CPU_TIME.samples(spp);
        assertEquals(64, guides);
        Frame f;
        try (CpuRenderer r = CpuRenderer.production(2, WideWalk.INSTANCE)) {
            f = r.render(image, GuideScenes.parameters(s, image, spp, 0.4f), EnumSet.of(Aov.ALBEDO), ProgressListener.NONE);
        }
        int ramp = 0, beyondOwn = 0;
        for (int i = 0; i < GuideScenes.WIDTH * GuideScenes.HEIGHT; i++) {
            float g = f.albedo()[3 * i + 1], b = f.albedo()[3 * i + 2];
            if (g <= 0.01f || g >= 0.99f || Math.abs(g - b) > 1e-6f) continue;
            ramp++;
            assertEquals(Math.round(g * guides), g * guides, 1e-3, "a whole number of the " + guides + " samples on white in pixel " + i);
            if (Math.abs(Math.round(g * spp) - g * spp) > 1e-3) beyondOwn++;
        }
        assertTrue(ramp >= 2 * GuideScenes.HEIGHT, "edge pixels: " + ramp);
        assertTrue(beyondOwn >= 1, "of " + ramp + " edge pixels none averages more than its own " + spp + " samples");
    }
}
