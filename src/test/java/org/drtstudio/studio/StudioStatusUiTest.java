package org.drtstudio.studio;

import javafx.scene.control.Label;
import javafx.stage.PopupWindow;
import javafx.stage.Window;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.studio.edit.TransformEdits;
import org.drtstudio.studio.viewport.ViewportNotice;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The status bar's messages and the viewport's notice when the picture would be empty. */
class StudioStatusUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void anEmptySceneShowsItsBackgroundAndHowToAddSomethingNotAnError() throws Exception {
        h.start(null, 1200, 760);
        waitUntil(() -> h.window.viewport.shownFrame() != null, 30, "a frame of the empty scene");
        h.awaitPreviewIdle(); // whatever the preview reports about the empty scene has been reported
        assertTrue(fx(() -> h.window.viewport.notice.isVisible()), "a hint over the viewport");
        assertEquals(ViewportNotice.EMPTY, fx(() -> h.window.viewport.notice.getText()));
        String status = fx(() -> h.window.statusMessage());
        assertFalse(status.contains("cannot be shown"), "no error for an empty scene: " + status);
        StudioHarness.Pixels p = h.pixels();
        long colours = java.util.Arrays.stream(p.argb()).distinct().count();
        assertEquals(1, colours, "the viewport shows the scene's background");
    }

    @Test
    void aLongMessageIsReadableInFullFromTheStatusBar() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1500, 860);
        String tail = "and this is the end of the message that a user needs to read";
        String message = "cannot import model.obj: " + "a long explanation of what went wrong, ".repeat(8) + tail;
        fx(() -> {
            h.window.message(message);
            return null;
        });
        Label label = robot.lookup("#messageLabel").queryAs(Label.class);
        robot.moveTo(label);
        waitUntil(() -> Window.getWindows().stream().anyMatch(w -> w instanceof PopupWindow && w.isShowing()
                && w.getScene().getRoot().lookupAll(".label").stream().anyMatch(n -> n instanceof Label l && l.getText().contains(tail))
                || w instanceof javafx.scene.control.Tooltip t && t.getText().contains(tail)), 10, "the whole message in a tooltip");
    }

    @Test
    void anEmptyPictureSaysWhy() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1000, 700);
        int bunny = h.importModel(TestData.resource("obj/bunny_lowres/bunny.obj"));
        assertFalse(fx(() -> h.window.viewport.notice.isVisible()), "the stage with the bunny is in view");

        Camera c = fx(() -> h.window.session.document.model().camera());
        // Far from the stage, looking further away from it.
        fx(() -> {
            h.window.session.commit(new SetCamera(new Camera(new Vec3(0, 1, 5000), new Vec3(0, 1, 10000), c.up(), c.fovY(), c.aperture(),
                    c.focusDistance())));
            return null;
        });
        assertTrue(fx(() -> h.window.viewport.notice.getText()).startsWith("Nothing in view"), "looking away from everything");
        assertTrue(fx(() -> h.window.viewport.notice.isVisible()));
        fx(h.window.session::undo);

        GroupNode g = (GroupNode) fx(() -> h.window.session.document.model().node(bunny).orElseThrow());
        fx(() -> {
            h.window.session.commit(TransformEdits.set(g, g.transform().withTranslation(new Vec3(1e30f, 0, 0)), 0));
            return null;
        });
        assertTrue(fx(() -> h.window.viewport.notice.getText()).contains("beyond what the tracers resolve"),
                "an object moved out of range: " + fx(() -> h.window.viewport.notice.getText()));
        fx(h.window.session::undo);
        assertFalse(fx(() -> h.window.viewport.notice.isVisible()), "undone: nothing to say");
    }
}
