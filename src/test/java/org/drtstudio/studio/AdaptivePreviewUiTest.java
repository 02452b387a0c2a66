package org.drtstudio.studio;

import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.drtstudio.scene.edit.SetRenderSettings;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The noise threshold in the real window: typed into the render settings, it makes the preview stop
 * once every pixel has converged, far below the sample target, and the status bar says how much of
 * the view converged.
 */
class AdaptivePreviewUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    @TempDir
    Path tmp;

    /** A matte floor filling the view under a point light: smooth shading only, so every pixel converges quickly. */
    private Path floorScene() throws Exception {
        Path f = tmp.resolve("floor.nff");
        Files.writeString(f, """
                b 0.2 0.2 0.3
                v
                from 0 4 0.01
                at 0 0 0
                up 0 0 -1
                angle 40
                hither 1
                resolution 320 240
                l 0.5 5 0.5
                f 0.8 0.8 0.8 1 0 0 0 1
                p 4
                -20 0 -20
                -20 0 20
                20 0 20
                20 0 -20
                """);
        return f;
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void thePreviewStopsWhenEveryPixelConvergedAndTheStatusBarSaysSo() throws Exception {
        h.start(floorScene(), StudioHarness.tempDir("drt-studio-home"), 900, 700);
        fx(() -> h.window.session.commit(new SetRenderSettings(h.window.session.document.model().settings().withPreviewSamples(4096))));
        TextField field = robot.lookup("#noiseThreshold").queryAs(TextField.class);
        fx(() -> {
            field.requestFocus();
            field.selectAll();
            return null;
        });
        waitUntil(field::isFocused, 10, "threshold field focused");
        robot.write("0.05").push(KeyCode.ENTER);
        waitUntil(() -> h.window.session.document.model().settings().noiseThreshold() == 0.05f, 10, "threshold set in the inspector");
        long revision = fx(() -> h.window.viewport.requestRevision());
        // The render thread may finish before its last frame reaches the screen: wait for both.
        waitUntil(() -> h.window.viewport.previewState() == PreviewRenderer.State.DONE && h.window.viewport.shownFrame() != null
                && h.window.viewport.shownFrame().revision() >= revision && h.window.viewport.shownFrame().converged() == 1.0, 120,
                "the preview finishes with every pixel converged: " + fx(() -> h.window.previewStatusText()));
        PreviewFrame shown = fx(() -> h.window.viewport.shownFrame());
        assertEquals(1, shown.pixelScale());
        assertTrue(shown.samples() < 100, "stopped at " + shown.samples() + " of a 4096 target");
        waitUntil(() -> h.window.previewStatusText().contains("100% converged") && h.window.previewStatusText().contains("done"), 10,
                "status bar: " + fx(() -> h.window.previewStatusText()));
        assertTrue(fx(() -> h.window.previewStatusText()).contains(shown.samples() + " / 4096 spp"), fx(() -> h.window.previewStatusText()));

        // A threshold that is no relative error is refused at the field, naming it; the threshold stays.
        fx(() -> {
            field.requestFocus();
            field.selectAll();
            return null;
        });
        waitUntil(field::isFocused, 10, "threshold field focused");
        robot.write("-3").push(KeyCode.ENTER);
        waitUntil(() -> robot.lookup(".label").queryAll().stream().anyMatch(n -> n instanceof javafx.scene.control.Label l
                && l.getText() != null && l.getText().contains("-3")), 10, "the refusal names the value");
        assertEquals(0.05f, fx(() -> h.window.session.document.model().settings().noiseThreshold()));
    }
}
