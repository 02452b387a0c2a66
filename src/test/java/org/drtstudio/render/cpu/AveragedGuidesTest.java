package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.GuideScenes;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The guide AOVs average the pixel's camera rays: under depth of field a colour edge on the
 * defocused floor is a smooth ramp in the albedo guide, as it is in the radiance, instead of the
 * pinhole's one-pixel step.
 */
class AveragedGuidesTest {
    /**
     * Pixels of the middle row whose albedo is a mix of the red (1, 0, 0) and white floor: green
     * strictly between, and equal to blue (the blue ball's pixels are not).
     */
    private static int rampWidth(Frame f) {
        int y = GuideScenes.HEIGHT / 2, count = 0;
        for (int x = 0; x < GuideScenes.WIDTH; x++) {
            float g = f.albedo()[3 * (y * GuideScenes.WIDTH + x) + 1], b = f.albedo()[3 * (y * GuideScenes.WIDTH + x) + 2];
            if (g > 0.05f && g < 0.95f && Math.abs(g - b) < 0.02f) count++;
        }
        return count;
    }

    @Test
    void defocusedEdgeIsASmoothRampInTheAlbedoGuide() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        var aovs = EnumSet.of(Aov.ALBEDO, Aov.DEPTH, Aov.NORMAL);
        try (CpuRenderer r = new CpuRenderer(2)) {
            Frame pinhole = r.render(image, GuideScenes.parameters(s, image, 1, 0f), aovs, ProgressListener.NONE);
            Frame lens = r.render(image, GuideScenes.parameters(s, image, 4, 0.4f), aovs, ProgressListener.NONE);
            assertTrue(rampWidth(pinhole) <= 1, "pinhole: a sharp edge, " + rampWidth(pinhole) + " mixed pixels");
            assertTrue(rampWidth(lens) >= 6, "defocused: a ramp, " + rampWidth(lens) + " mixed pixels");
            // Averaged guides are still guides: unit normals (the floor's, up) and finite depth where anything was hit.
            int y = GuideScenes.HEIGHT / 2, p = y * GuideScenes.WIDTH + 2;
            assertEquals(1f, lens.normals()[3 * p + 1], 1e-3f, "floor normal");
            assertTrue(Float.isFinite(lens.depth()[p]));
        }
    }
}
