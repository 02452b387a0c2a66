package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.input.MouseButton;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.studio.viewport.FocusPlane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.Locale;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 9: the camera's focus plane is an overlay like a light's: shown while the lens is
 * open, a click on its outline selects it (the camera's row), a drag of the outline changes the focus
 * distance in one undo step, and the Depth of field slider shows the new distance.
 */
class FocusPlaneUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void theFocusPlaneIsSelectedAndDraggedLikeAModelAndTheSliderFollows() throws Exception {
        h.start(Path.of("scenes", "default.nff"), 1100, 700);
        Camera pinhole = fx(() -> h.window.session.document.model().camera());
        double[] r0 = fx(() -> h.window.viewport.focusPlaneRectangle());
        Point2D topEdge = new Point2D(r0[0], r0[1] - r0[3]);
        if (pinhole.aperture() == 0) {
            assertFalse(fx(() -> h.window.viewport.onFocusPlane(topEdge.getX(), topEdge.getY())), "a pinhole camera has no focus plane to pick");
        }

        // Open the lens (as the aperture slider does); the plane then shows where it is.
        fx(() -> {
            h.window.session.commit(new SetCamera(pinhole.withLens(0.15f, pinhole.focusDistance())));
            return null;
        });
        Camera open = fx(() -> h.window.session.document.model().camera());
        double before = FocusPlane.distance(open);
        double[] r = fx(() -> h.window.viewport.focusPlaneRectangle());
        Point2D edge = new Point2D(r[0], r[1] - r[3]);
        assertTrue(fx(() -> h.window.viewport.onFocusPlane(edge.getX(), edge.getY())), "the open lens's focus plane is on screen");

        // A click on its outline selects it: the camera, as the tree's row shows.
        robot.clickOn(h.toScreen(edge));
        waitUntil(() -> h.window.session.cameraSelected(), 10, "the focus plane selected by a click on its outline");
        assertEquals(-1, (int) fx(() -> h.window.session.selected()), "no model selected with it");
        assertTrue(fx(() -> h.window.tree.view.getSelectionModel().getSelectedItem().getValue().camera()), "the camera's row is selected");

        // Dragging the outline 40 px outwards brings the plane nearer: the outline follows the pointer.
        robot.drag(h.toScreen(edge), MouseButton.PRIMARY).moveTo(h.toScreen(edge.add(0, -20))).moveTo(h.toScreen(edge.add(0, -40))).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit() && h.window.session.document.model().camera().focusDistance() != open.focusDistance(), 10,
                "the drag committed a focus distance");
        float after = fx(() -> h.window.session.document.model().camera().focusDistance());
        double expected = before * r[3] / (r[3] + 40);
        assertEquals(expected, after, expected * 0.05, "the outline followed the pointer: " + before + " -> " + after);
        assertEquals(open.aperture(), fx(() -> h.window.session.document.model().camera().aperture()), "the aperture is kept");
        assertEquals("Set focus distance", fx(() -> h.window.session.document.undoLabel().orElse("")), "a lens edit, named as one");

        // The Depth of field panel shows the new distance.
        Slider focus = robot.lookup("#focusSlider").queryAs(Slider.class);
        Label value = robot.lookup("#focusValue").queryAs(Label.class);
        waitUntil(() -> Math.abs(focus.getValue() - after) < 1e-4, 10, "the focus slider at the dragged distance");
        assertEquals(String.format(Locale.ROOT, "%.3g", after), fx(value::getText), "the slider's value label");

        // Undo puts the plane back where it was.
        fx(() -> {
            h.window.undo();
            return null;
        });
        assertEquals(open, fx(() -> h.window.session.document.model().camera()), "one undo restores the focus distance");
        waitUntil(() -> Math.abs(focus.getValue() - before) < 1e-4, 10, "the slider back at the first distance");
    }
}
