package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.scene.Scene;

import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
     * 16 spp under depth of field, guides averaging guideSamples(16) = 64 camera samples: asked for
     * from the first pass, 16 of them are summed by the two trace passes and 48 traced by the guide
     * pass; asked for only on the last pass, the guide pass traces all 64. Same rays, same guides.
     */
    public static void summedAndToppedUpGuidesAreTheGuidePassOnes(Renderer r) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 16, 0.4f);
        r.accumulate(image, p, 0, 8, GUIDES, ProgressListener.NONE);
        Frame summed = r.accumulate(image, p, 8, 8, GUIDES, ProgressListener.NONE);
        r.accumulate(image, p, 0, 15, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        Frame separate = r.accumulate(image, p, 15, 1, GUIDES, ProgressListener.NONE);
        int n = p.width() * p.height(), mixed = 0;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                assertEquals(separate.albedo()[3 * i + k], summed.albedo()[3 * i + k], 1e-5f, "albedo of pixel " + i);
                assertEquals(separate.normals()[3 * i + k], summed.normals()[3 * i + k], 1e-5f, "normal of pixel " + i);
            }
            if (Float.isInfinite(separate.depth()[i])) {
                assertTrue(Float.isInfinite(summed.depth()[i]), "pixel " + i + " hit nothing in the guide pass");
            } else {
                assertEquals(separate.depth()[i], summed.depth()[i], 1e-5f * separate.depth()[i], "depth of pixel " + i);
            }
            float green = summed.albedo()[3 * i + 1];
            if (green > 0.05f && green < 0.95f) mixed++;
        }
        assertTrue(mixed >= 4 * GuideScenes.HEIGHT, "the comparison should cover averaged pixels: " + mixed);
    }

    /**
     * At 128 spp the guides average all 128 camera samples, more than the guide pass's 64: on the
     * floor's red-white edge (albedo green = blue = the fraction of samples on white) some pixel's
     * fraction is an odd number of 128ths, which no average of 64 samples can give.
     */
    public static void guidesAverageEverySampleOfTheRender(Renderer r) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        int spp = 128;
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
        assertTrue(odd >= 1, "of " + ramp + " edge pixels none averages an odd number of 128ths: the guides skipped samples");
    }
}
