package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.Aov;
import org.drtstudio.render.GuideScenes;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.WindowTiles;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertThrows;

/** The CPU tracer's windows (a render farm's tiles) are the whole frame's pixels, bit for bit. */
class CpuWindowTest {
    @Test
    void unevenTilesWithEveryAovMakeTheWholeFrame() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        // Depth of field and 4 samples: every pixel's lens and position samples come from its seeds.
        TraceParameters p = GuideScenes.parameters(s, image, 4, 0.2f);
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            WindowTiles.assertTilesMakeTheWhole(cpu, image, p, EnumSet.of(Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO, Aov.RADIANCE,
                    Aov.VARIANCE, Aov.SAMPLES), new int[]{1, 17, 30}, new int[]{13, 14});
        }
    }

    @Test
    void aWindowOutsideTheFrameIsRefused() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 1, 0f);
        try (CpuRenderer cpu = new CpuRenderer(1)) {
            assertThrows(IllegalArgumentException.class, () -> cpu.renderWindow(image, p,
                    new PixelWindow(40, 0, GuideScenes.WIDTH - 39, 4), EnumSet.noneOf(Aov.class), ProgressListener.NONE));
        }
    }
}
