package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.input.MouseButton;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.studio.viewport.Gizmo;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 9, driven with the robot on a new scene: Add → Light selects the new light (its
 * row, its editor, no Material panel), a new scene's light and an added one do not blow a white
 * floor out to white, and the light is drawn in the view, selected by a click on its icon and
 * moved by dragging its handle, one undo step.
 */
class LightsUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        fx(() -> {
            h.window.files.newScene();
            h.window.viewport.setTargetSamples(4);
            return null;
        });
        waitUntil(() -> h.window.session.document.model().nodes().size() == 1, 10, "a new scene");
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    private SceneModel model() throws Exception {
        return fx(() -> h.window.session.document.model());
    }

    @Test
    void anAddedLightIsSelectedDrawnAndMovedLikeAModel() throws Exception {
        StudioHarness.clickMenu(robot, "Add", "Ground Plane");
        waitUntil(() -> h.window.session.document.model().nodes().size() > 1, 10, "ground plane added");
        StudioHarness.clickMenu(robot, "Add", "Light", "Point Light");
        waitUntil(() -> h.window.session.document.model().lights().size() == 2, 10, "light added");

        // Selected: its row, its editor, and no Material panel.
        assertEquals(1, (int) fx(() -> h.window.session.selectedLight()), "the new light is selected");
        assertEquals(1, (int) fx(() -> h.window.tree.view.getSelectionModel().getSelectedItem().getValue().light()), "its row is selected");
        assertFalse(fx(() -> h.window.stage.getScene().lookup("#materialPane").isVisible()), "a light has no Material panel");
        assertEquals(1, (int) fx(() -> h.window.inspector.lightChoice.getSelectionModel().getSelectedIndex()), "its editor is open on it");

        // Not blown out: the lit floor stays below white.
        h.awaitRefined(4);
        StudioHarness.Pixels p = h.pixels();
        int white = 0, floor = 0;
        for (int y = p.height() / 2; y < p.height(); y++) {
            for (int x = 0; x < p.width(); x++) {
                floor++;
                if (p.at(x, y) >= 0.99f) white++;
            }
        }
        assertTrue(white < floor / 100, "the floor is not blown out: " + white + " of " + floor + " pixels white");

        // Drawn where it is: the overlay has its icon at its projection.
        Point2D icon = fx(() -> h.window.viewport.lightPoint(1));
        assertNotNull(icon, "the light is in front of the camera");
        double w = fx(() -> h.window.viewport.getWidth()), ht = fx(() -> h.window.viewport.getHeight());
        assertTrue(icon.getX() > 0 && icon.getX() < w && icon.getY() > 0 && icon.getY() < ht, "added in view: " + icon);
        assertTrue(fx(() -> overlayAlpha(icon)) > 200, "its icon is drawn");

        // A click elsewhere clears the selection, a click on the icon selects the light again.
        robot.clickOn(h.toScreen(new Point2D(w / 2, ht - 10)));
        waitUntil(() -> h.window.session.selectedLight() < 0, 10, "another click selected something else");
        robot.clickOn(h.toScreen(icon));
        waitUntil(() -> h.window.session.selectedLight() == 1, 10, "a click on its icon selects the light");

        // Its X handle drags it along x, one undo step.
        Light before = model().lights().get(1);
        Point2D c = fx(() -> h.window.viewport.lightPoint(1));
        Point2D end = fx(() -> {
            double[] e = Gizmo.axisEnd(h.window.viewport.projection(), before.position(), Gizmo.Handle.X);
            return new Point2D(e[0], e[1]);
        });
        Point2D grab = c.add(end.subtract(c).multiply(0.8));
        robot.drag(h.toScreen(grab), MouseButton.PRIMARY).moveTo(h.toScreen(grab.add(end.subtract(c).normalize().multiply(50)))).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit(), 10, "drag committed");
        Light after = model().lights().get(1);
        assertTrue(after.position().x() > before.position().x() + 0.05, "moved along x: " + before.position() + " -> " + after.position());
        assertEquals(before.position().y(), after.position().y(), 1e-5);
        assertEquals(before.position().z(), after.position().z(), 1e-5);
        fx(() -> {
            h.window.undo();
            return null;
        });
        assertEquals(before, model().lights().get(1), "one undo step puts it back");
    }

    private int overlayAlpha(Point2D at) {
        return OverlayPixels.snapshot(h.window.viewport).getPixelReader().getArgb((int) Math.round(at.getX()), (int) Math.round(at.getY())) >>> 24;
    }
}
