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
 * most 64, {@link GuideBudget#EQUAL_CPU_TIME}, in small pictures; 8×, at most 128, in large ones:
 * {@link GuideBudget#CPU}), not the GPU's 256, which its twin keeps.
 */
class ProductionGuidesTest {
    @Test
    void summedAndToppedUpGuidesAreTheGuidePassOnes() throws Exception {
        try (CpuRenderer r = CpuRenderer.production(2, WideWalk.INSTANCE)) {
            GuideSumChecks.summedAndToppedUpGuidesAreTheGuidePassOnes(r, GuideBudget.EQUAL_CPU_TIME);
        }
    }

    @Test
    void theCpusBudgetGrowsWithThePicture() {
        long large = GuideBudget.CPU_LARGE_PIXELS;
        assertEquals(GuideBudget.EQUAL_CPU_TIME, GuideBudget.CPU.forPicture(320, 240));
        assertEquals(GuideBudget.EQUAL_CPU_TIME, GuideBudget.CPU.forPicture(960, 540));
        assertEquals(GuideBudget.EQUAL_CPU_TIME, GuideBudget.CPU.forPicture((int) large - 1, 1));
        assertEquals(GuideBudget.EQUAL_CPU_TIME_LARGE, GuideBudget.CPU.forPicture((int) large, 1));
        assertEquals(GuideBudget.EQUAL_CPU_TIME_LARGE, GuideBudget.CPU.forPicture(1920, 1080));
        assertEquals(GuideBudget.EQUAL_CPU_TIME_LARGE, GuideBudget.CPU.forPicture(65535, 65535), "no overflow");
    }

    /**
     * On the floor's red-white edge the albedo's green is the fraction of a pixel's guide samples
     * on white: at 16 spp every edge pixel's is a whole number of 64ths (256ths would not be), and
     * some are not whole 16ths (the edge pixels were topped up beyond their own samples).
     */
    @Test
    void edgePixelsGuidesAverage64Samples() throws Exception {
        assertEquals(64, edgePixelsGuides(GuideScenes.WIDTH, GuideScenes.HEIGHT, 16));
    }

    /** A picture of {@link GuideBudget#CPU_LARGE_PIXELS} (1280×720) gets the large budget: at 2 spp, 16ths, some not 8ths. */
    @Test
    void aLargePicturesEdgePixelsAverageEightTimesTheSamples() throws Exception {
        assertEquals(GuideBudget.CPU_LARGE_PIXELS, 1280 * 720);
        assertEquals(16, edgePixelsGuides(1280, 720, 2));
    }

    /** Checks the production tracer's edge pixels at w×h and spp against the budget it should take; returns that budget's samples. */
    private static int edgePixelsGuides(int w, int h, int spp) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        int guides = GuideBudget.CPU.forPicture(w, h).samples(spp);
        Frame f;
        try (CpuRenderer r = CpuRenderer.production(2, WideWalk.INSTANCE)) {
            f = r.render(image, GuideScenes.parameters(s, image, w, h, spp, 0.4f), EnumSet.of(Aov.ALBEDO), ProgressListener.NONE);
        }
        int ramp = 0, beyondOwn = 0, beyondSmaller = 0;
        for (int i = 0; i < w * h; i++) {
            float g = f.albedo()[3 * i + 1], b = f.albedo()[3 * i + 2];
            if (g <= 0.01f || g >= 0.99f || Math.abs(g - b) > 1e-6f) continue;
            ramp++;
            assertEquals(Math.round(g * guides), g * guides, 1e-3, "a whole number of the " + guides + " samples on white in pixel " + i);
            if (Math.abs(Math.round(g * spp) - g * spp) > 1e-3) beyondOwn++;
            if (Math.abs(Math.round(g * guides / 2) - g * guides / 2) > 1e-3) beyondSmaller++;
        }
        assertTrue(ramp >= 2 * h, "edge pixels: " + ramp);
        assertTrue(beyondOwn >= 1, "of " + ramp + " edge pixels none averages more than its own " + spp + " samples");
        assertTrue(beyondSmaller >= 1, "of " + ramp + " edge pixels none averages more than " + guides / 2 + " samples");
        return guides;
    }
}
