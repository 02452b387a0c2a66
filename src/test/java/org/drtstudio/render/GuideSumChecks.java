package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.scene.Scene;

import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.drtstudio.render.denoise.GuideBudget;
import org.drtstudio.render.denoise.GuideEdges;

/**
 * The guides the trace passes sum ({@link GuideSums}), checked on either tracer: topped up by the
 * guide pass they are the guides of the guide pass alone over the same camera samples, and a render
 * with more samples than the guide pass traces averages all of them.
 */
public final class GuideSumChecks {
    private static final Set<Aov> GUIDES = EnumSet.of(Aov.ALBEDO, Aov.DEPTH, Aov.NORMAL);

    private GuideSumChecks() {
    }

    /**
     * 16 spp under depth of field, the guides asked for from the first pass: 16 camera samples are
     * summed by the two trace passes, and the guide pass tops up only the pixels on an edge of the
     * guides (GuideEdges) to GuideEdges.samples(16) = 256. So every pixel's guides are either those of
     * its 16 own samples or those of 256 (the same rays: a render of 256 samples averages exactly
     * them), and where the two differ (pixels on an edge) nearly all took the 256.
     */
    public static void summedAndToppedUpGuidesAreTheGuidePassOnes(Renderer r) throws Exception {
        assertEquals(256, GuideEdges.samples(16));
        summedAndToppedUpGuidesAreTheGuidePassOnes(r, GuideBudget.EQUAL_SAMPLES);
    }

    /** As above for a renderer whose edge pixels' guides average {@code budget}'s samples (the CPU tracer's: 64 at 16 spp). */
    public static void summedAndToppedUpGuidesAreTheGuidePassOnes(Renderer r, GuideBudget budget) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 16, 0.4f);
        int deepSamples = budget.samples(16);
        r.accumulate(image, p, 0, 8, GUIDES, ProgressListener.NONE);
        Frame summed = r.accumulate(image, p, 8, 8, GUIDES, ProgressListener.NONE);
        // Guides of samples 0-15: a render of 4 whose guides are all traced by the guide pass (guideSamples(4) = 16).
        r.accumulate(image, GuideScenes.parameters(s, image, 4, 0.4f), 0, 3, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        Frame own = r.accumulate(image, GuideScenes.parameters(s, image, 4, 0.4f), 3, 1, GUIDES, ProgressListener.NONE);
        // Guides of samples 0 to deepSamples - 1: a render of that many, whose trace passes sum them all.
        Frame deep = r.render(image, GuideScenes.parameters(s, image, deepSamples, 0.4f), GUIDES, ProgressListener.NONE);
        int n = p.width() * p.height(), topped = 0, kept = 0;
        for (int i = 0; i < n; i++) {
            boolean asOwn = sameGuides(own, summed, i), asDeep = sameGuides(deep, summed, i);
            assertTrue(asOwn || asDeep, "pixel " + i + ": guides of neither its own 16 samples nor of " + deepSamples);
            if (asDeep && !asOwn) topped++;
            if (asOwn && !asDeep) kept++;
        }
        assertTrue(topped >= 4 * GuideScenes.HEIGHT, "edge pixels topped up to " + deepSamples + " samples: " + topped);
        // Where the two differ the pixel is on an edge; the probes may miss one now and then.
        assertTrue(kept <= topped / 10, "pixels whose " + deepSamples + "-sample guides differ but kept their own: " + kept + " of " + (kept + topped));
    }

    private static boolean sameGuides(Frame a, Frame b, int i) {
        for (int k = 0; k < 3; k++) {
            if (Math.abs(a.albedo()[3 * i + k] - b.albedo()[3 * i + k]) > 1e-5f) return false;
            if (Math.abs(a.normals()[3 * i + k] - b.normals()[3 * i + k]) > 1e-5f) return false;
        }
        float da = a.depth()[i], db = b.depth()[i];
        if (Float.isInfinite(da) || Float.isInfinite(db)) return da == db;
        return Math.abs(da - db) <= 1e-5f * da;
    }

    /**
     * At 256 spp the guides average all 256 camera samples, more than a guide pass traced without the
     * trace passes' sums (64, DenoiseInput.guideSamples) and as many as an edge pixel's: on the
     * floor's red-white edge (albedo green = blue = the fraction of samples on white) some pixel's
     * fraction is an odd number of 256ths, which no average of 128 samples can give.
     */
    public static void guidesAverageEverySampleOfTheRender(Renderer r) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        int spp = 256;
        assertTrue(DenoiseInput.guideSamples(spp) < spp);
        Frame f = r.render(image, GuideScenes.parameters(s, image, spp, 0.4f), GUIDES, ProgressListener.NONE);
        int odd = 0, ramp = 0;
        for (int i = 0; i < GuideScenes.WIDTH * GuideScenes.HEIGHT; i++) {
            float g = f.albedo()[3 * i + 1], b = f.albedo()[3 * i + 2];
            if (g <= 0.01f || g >= 0.99f || Math.abs(g - b) > 1e-6f) continue;
            ramp++;
            long whites = Math.round(g * spp);
            assertEquals(whites, g * spp, 1e-3, "a whole number of samples on white in pixel " + i);
            if (whites % 2 == 1) odd++;
        }
        assertTrue(ramp >= 2 * GuideScenes.HEIGHT, "edge pixels: " + ramp);
        assertTrue(odd >= 1, "of " + ramp + " edge pixels none averages an odd number of 256ths: the guides skipped samples");
    }
}
