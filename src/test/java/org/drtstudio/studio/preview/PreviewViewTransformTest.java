package org.drtstudio.studio.preview;

import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.ViewTransform;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The preview's view transform (the status bar's exposure and display transform): a pass traced
 * under a view that is not the default carries its radiance, and is shown through the view; under
 * the default it is shown as rendered.
 */
class PreviewViewTransformTest {
    @Test
    void passesAreShownThroughTheView() throws Exception {
        Scene s = SceneLoader.load(Path.of("scenes/default.nff")).scene();
        var image = GeometryImagePacker.pack(s);
        var params = TraceParameters.of(s.camera(), s.settings().withSize(24, 18).withSampling(1, s.settings().maxDepth(), 1), image);
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            PreviewDenoiser shown = new PreviewDenoiser(cpu);
            shown.setEnabled(false);
            ViewTransform agx = new ViewTransform(1.5f, ViewTransform.View.AGX);
            shown.setView(agx);
            Frame f = shown.accumulate(image, params, 0, 1, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
            assertNotNull(f.radiance(), "traced with its radiance under a view that is not the default");
            assertArrayEquals(agx.toSrgb(f.radiance(), 24 * 18), shown.viewedSrgb(f));
            assertFalse(java.util.Arrays.equals(f.srgb(), shown.viewedSrgb(f)), "the view changes the picture");
            shown.setView(ViewTransform.DEFAULT);
            Frame g = shown.accumulate(image, params, 0, 1, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
            assertSame(g.srgb(), shown.viewedSrgb(g), "the default view shows the pass as rendered");
        }
    }
}
