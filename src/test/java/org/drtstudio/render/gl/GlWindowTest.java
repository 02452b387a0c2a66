package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.Aov;
import org.drtstudio.render.GuideScenes;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.WindowTiles;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.EnumSet;

/** The GL tracer's windows (a render farm's tiles) are the whole frame's pixels, bit for bit. */
@Timeout(300)
class GlWindowTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void unevenTilesWithEveryAovMakeTheWholeFrame() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 4, 0.2f);
        WindowTiles.assertTilesMakeTheWhole(GL.get(), image, p, EnumSet.of(Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO, Aov.RADIANCE,
                Aov.VARIANCE, Aov.SAMPLES), new int[]{5, 31}, new int[]{9});
    }
}
