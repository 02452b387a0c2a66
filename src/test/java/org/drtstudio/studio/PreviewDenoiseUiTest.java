package org.drtstudio.studio;

import org.drtstudio.scene.Light;
import org.drtstudio.scene.edit.SetLights;
import org.drtstudio.scene.edit.SetRenderSettings;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The preview's Denoise toggle in the real window: on by default, a young view is shown denoised
 * (smoother than the accumulated picture); unticking it shows the noisy picture of the same samples
 * at once, without rendering again, and ticking it brings the denoised one back.
 */
class PreviewDenoiseUiTest {
    private static final int TARGET = 8;
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @BeforeEach
    void open() throws Exception {
        StudioHarness.assumeDisplay();
        h.start(Path.of("scenes/default.nff"), StudioHarness.tempDir("drt-studio-home"), 900, 700);
        fx(() -> {
            // The camera's own view at the viewport's shape, as this measurement was made for: with the
            // export frame a 16:9 still in this narrow viewport widens the view 3x, the scene shrinks to a
            // band and its soft shadows, the noise the denoiser removes, to a few pixels.
            h.window.viewport.setShowRenderFrame(false);
            var model = h.window.session.document.model();
            // Wide spherical lights: soft shadows, noisy at 8 samples.
            List<Light> soft = model.lights().stream().map(l -> l.withRadius(1f)).toList();
            h.window.session.commit(new SetLights("Light radius 1", soft));
            h.window.session.commit(new SetRenderSettings(model.settings().withPreviewSamples(TARGET)));
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** Mean absolute luminance difference of horizontal neighbours: noise plus the picture's own edges. */
    private static double roughness(StudioHarness.Pixels p) {
        double sum = 0;
        for (int y = 0; y < p.height(); y++) {
            for (int x = 1; x < p.width(); x++) sum += Math.abs(p.at(x, y) - p.at(x - 1, y));
        }
        return sum / (p.height() * (p.width() - 1.0));
    }

    private boolean shownDenoised(boolean denoised) {
        PreviewFrame f = h.window.viewport.shownFrame();
        return f != null && f.samples() == TARGET && f.pixelScale() == 1 && f.denoised() == denoised
                && f.revision() == h.window.viewport.requestRevision();
    }

    @Test
    void theToggleSwitchesBetweenTheDenoisedAndTheNoisyPictureOfTheSameSamples() throws Exception {
        assertTrue(fx(() -> robot.lookup("#denoisePreview").queryAs(javafx.scene.control.CheckBox.class).isSelected()),
                "denoising is on by default");
        h.awaitRefined(TARGET);
        waitUntil(() -> shownDenoised(true), 60, "the finished view shown denoised");
        waitUntil(() -> h.window.viewport.previewState() == PreviewRenderer.State.DONE, 30, "preview done");
        StudioHarness.Pixels denoised = h.pixels();
        long passes = fx(() -> h.window.viewport.renderer().passes());
        waitUntil(() -> h.window.previewStatusText().contains("denoised"), 10, "the status bar says denoised: " + fx(h.window::previewStatusText));

        robot.clickOn("#denoisePreview");
        waitUntil(() -> shownDenoised(false), 30, "the noisy picture shown");
        StudioHarness.Pixels noisy = h.pixels();
        double smooth = roughness(denoised), rough = roughness(noisy);
        System.out.println("preview roughness denoised " + smooth + ", noisy " + rough);
        assertTrue(smooth < 0.9 * rough, "denoised roughness " + smooth + " vs noisy " + rough);
        assertFalse(Arrays.equals(denoised.argb(), noisy.argb()));
        waitUntil(() -> !h.window.previewStatusText().contains("denoised"), 10, "the status bar no longer says denoised");

        robot.clickOn("#denoisePreview");
        waitUntil(() -> shownDenoised(true), 30, "the denoised picture back");
        assertArrayEquals(denoised.argb(), h.pixels().argb(), "the same samples denoised again give the same picture");
        assertEquals(passes, fx(() -> h.window.viewport.renderer().passes()), "switching shows the samples there are, it renders none");
    }
}
