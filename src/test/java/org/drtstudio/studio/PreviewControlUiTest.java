package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.drtstudio.scene.edit.SetRenderSettings;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRegion;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The preview's controls in the real window: the sample target (a render setting) after which the
 * render thread sleeps and the FX pulse stops, pause and resume by key and button, a render region
 * drawn with Ctrl+Shift+drag, and the pause while an export renders. Each test opens its own
 * window, so none depends on another's state.
 */
class PreviewControlUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    @TempDir
    Path tmp;

    @BeforeEach
    void open() throws Exception {
        StudioHarness.assumeDisplay();
        h.start(TestData.resource("studio/stage.nff"), StudioHarness.tempDir("drt-studio-home"), 900, 700);
        // Under a window manager the size asked before showing may not hold (issue 11, item 1, not this
        // class's subject): ask again once shown, and wait for a viewport the region test fits in.
        fx(() -> {
            h.window.stage.setWidth(1100);
            h.window.stage.setHeight(720);
            return null;
        });
        waitUntil(() -> h.window.viewport.getWidth() >= 300 && h.window.viewport.getHeight() >= 250, 20,
                "a usable viewport, got " + fx(() -> h.window.viewport.getWidth() + "x" + h.window.viewport.getHeight()));
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** Sets the document's sample target, as the render settings do: one undoable edit. */
    private void target(int samples) throws Exception {
        fx(() -> h.window.session.commit(new SetRenderSettings(h.window.session.document.model().settings().withPreviewSamples(samples))));
    }

    private PreviewRenderer renderer() throws Exception {
        return fx(() -> h.window.viewport.renderer());
    }

    /** The render thread sleeps on its lock and its pass count stands still. */
    private void assertStopped(String why) throws Exception {
        PreviewRenderer p = renderer();
        waitUntil(p::asleep, 60, "render thread asleep: " + why);
        long passes = p.passes();
        assertEquals(Thread.State.WAITING, p.threadState(), why);
        // Whatever the FX side does meanwhile (status updates, the last frame going on screen), no pass is rendered.
        waitUntil(() -> !h.window.viewport.pulsing() || h.window.viewport.paused(), 30, "pulse timer stopped: " + why);
        assertEquals(passes, p.passes(), why);
        assertTrue(p.asleep(), why);
    }

    @Test
    void theRenderThreadStopsAtTheSampleTargetAndTheStatusBarSaysSo() throws Exception {
        target(3);
        h.awaitRefined(3);
        waitUntil(() -> h.window.viewport.previewState() == PreviewRenderer.State.DONE, 30, "preview done");
        assertStopped("the target is reached");
        waitUntil(() -> !h.window.viewport.pulsing(), 30, "FX pulse timer stopped");
        waitUntil(() -> h.window.previewStatusText().contains("3 / 3 spp") && h.window.previewStatusText().contains("done"), 10,
                "status bar shows the count against the target: " + fx(() -> h.window.previewStatusText()));
        // Raising the target in the inspector's render settings goes on refining.
        typeTarget("6");
        waitUntil(() -> h.window.session.document.model().settings().previewSamples() == 6, 10, "target set in the inspector");
        h.awaitRefined(6);
        assertEquals(6, fx(() -> h.window.viewport.shownFrame().targetSamples()));
        // A value that is no sample count is refused with a message naming it; the target stays.
        typeTarget("2.5");
        waitUntil(() -> robot.lookup(".label").queryAll().stream().anyMatch(n -> n instanceof javafx.scene.control.Label l
                && l.getText() != null && l.getText().contains("got 2.5")), 10, "the refusal names the value");
        assertEquals(6, fx(() -> h.window.session.document.model().settings().previewSamples()));
    }

    /** Types {@code text} into the inspector's preview target field and presses Enter. */
    private void typeTarget(String text) throws Exception {
        javafx.scene.control.TextField field = robot.lookup("#previewSamples").queryAs(javafx.scene.control.TextField.class);
        fx(() -> {
            field.requestFocus();
            field.selectAll();
            return null;
        });
        waitUntil(field::isFocused, 10, "target field focused");
        robot.write(text).push(KeyCode.ENTER);
    }

    @Test
    void pKeyAndThePauseButtonPauseAndResume() throws Exception {
        target(65_536);
        h.awaitRefined(1);
        robot.moveTo(h.toScreen(new Point2D(200, 150)));
        robot.push(KeyCode.P);
        waitUntil(() -> h.window.viewport.paused(), 10, "paused by P");
        assertStopped("paused");
        waitUntil(() -> h.window.previewStatusText().contains("paused"), 10, "status says paused");
        int samples = fx(() -> h.window.viewport.shownFrame().samples());
        PreviewRenderer p = renderer();
        long passes = p.passes();
        robot.clickOn("#pausePreview");
        waitUntil(() -> !h.window.viewport.paused(), 10, "resumed by the button");
        // A frame rendered just before the pause may reach the screen only after it (the FX side shows
        // the newest published frame on its next pulse), so the shown count can rise once without a new
        // pass: resuming is shown by new passes and by the count then rising past what they started from.
        waitUntil(() -> p.passes() > passes, 60, "passes rendered after resuming");
        waitUntil(() -> h.window.viewport.shownFrame().samples() > samples, 60, "refining goes on from where it stopped");
        robot.clickOn("#pausePreview");
        waitUntil(() -> h.window.viewport.paused(), 10, "paused by the button");
        robot.push(KeyCode.P);
        waitUntil(() -> !h.window.viewport.paused(), 10, "resumed by P");
    }

    @Test
    void ctrlShiftDragRefinesOnlyTheRegionAndCtrlShiftClickClearsIt() throws Exception {
        target(65_536);
        h.awaitRefined(2);
        double w = fx(() -> h.window.viewport.getWidth()), ht = fx(() -> h.window.viewport.getHeight());
        Point2D a = h.toScreen(new Point2D(Math.round(0.3 * w), Math.round(0.3 * ht)));
        Point2D b = h.toScreen(new Point2D(Math.round(0.3 * w) + 120, Math.round(0.3 * ht) + 110));
        assertTrue(0.3 * w + 120 < w && 0.3 * ht + 110 < ht, "test bug: the viewport is too small for the region: " + w + "x" + ht);
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT);
        try {
            robot.moveTo(a).press(MouseButton.PRIMARY).moveTo(a.add(40, 40)).moveTo(b).release(MouseButton.PRIMARY);
            waitUntil(() -> h.window.viewport.region() != null, 10, "region set");
        } finally {
            robot.release(KeyCode.SHIFT, KeyCode.CONTROL);
        }
        PreviewRegion region = fx(() -> h.window.viewport.region());
        assertNotNull(region, "a region was drawn");
        assertEquals(120, region.width(), 2);
        assertEquals(110, region.height(), 2);
        waitUntil(() -> {
            PreviewFrame f = h.window.viewport.shownFrame();
            return f != null && region.equals(f.region()) && f.samples() >= 4;
        }, 60, "the region refines");
        // Only the region is traced: each pass covers its pixels, not the viewport's.
        PreviewFrame f = fx(() -> h.window.viewport.shownFrame());
        assertEquals(region.width() * region.height(), (long) f.width() * f.height() * f.pixelScale() * f.pixelScale(),
                region.width() * region.height() / 4.0);
        StudioHarness.Pixels outside = h.pixels();
        waitUntil(() -> h.window.viewport.shownFrame().samples() >= f.samples() + 4, 60, "more region samples");
        assertArrayEquals(outside.argb(), h.pixels().argb(), "the view outside the region keeps its image");
        waitUntil(() -> h.window.previewStatusText().contains("region"), 10, "status names the region");

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT);
        try {
            robot.moveTo(h.toScreen(new Point2D(0.2 * w, 0.2 * ht))).clickOn(MouseButton.PRIMARY);
        } finally {
            robot.release(KeyCode.SHIFT, KeyCode.CONTROL);
        }
        waitUntil(() -> h.window.viewport.region() == null, 10, "region cleared");
        waitUntil(() -> {
            PreviewFrame g = h.window.viewport.shownFrame();
            return g.region() == null && g.revision() == h.window.viewport.requestRevision();
        }, 60, "the whole view refines again");
    }

    @Test
    void thePreviewPausesWhileAnExportRendersAndGoesOnAfter() throws Exception {
        target(65_536);
        h.awaitRefined(1);
        AtomicReference<String> outcome = new AtomicReference<>();
        Path out = tmp.resolve("still.png");
        // The export's first pass waits at the gate until the checks are done: it runs as long as they need.
        h.exportGate.close();
        fx(() -> {
            h.window.files.export(new ExportSettings(out, 64, 40, 4, false, 0, 0), false, outcome::set);
            return null;
        });
        h.exportGate.awaitReached(60);
        waitUntil(() -> h.window.viewport.previewState() == PreviewRenderer.State.EXPORTING, 30, "export started");
        assertStopped("an export runs");
        waitUntil(() -> h.window.previewStatusText().contains("exporting"), 10, "status says why");
        assertNull(outcome.get(), "the export waits at the gate");
        h.exportGate.open();
        waitUntil(() -> outcome.get() != null, 60, "export finished");
        assertTrue(outcome.get().startsWith("exported"), outcome.get());
        assertTrue(Files.size(out) > 0);
        PreviewRenderer p = renderer();
        long passes = p.passes();
        waitUntil(() -> h.window.viewport.previewState() == PreviewRenderer.State.RENDERING, 10, "preview goes on");
        waitUntil(() -> p.passes() > passes, 60, "passes after the export");
    }
}
