package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.event.Event;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 11: Space plays and pauses, I inserts a keyframe of the selection, the menus show
 * the shortcuts of Save, Undo, Redo and Delete, and a form's labels ("Aperture") have the tooltip
 * of their control.
 */
class BlenderHabitsUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** Puts the pointer over the viewport, which takes the keyboard focus on hover: single-letter keys then reach the scene. */
    private void overTheView() throws Exception {
        robot.moveTo(h.toScreen(fx(() -> new Point2D(h.window.viewport.getWidth() / 2, h.window.viewport.getHeight() / 2))));
        waitUntil(() -> h.window.viewport.isFocused(), 10, "the viewport focused on hover (focus: "
                + fx(() -> String.valueOf(h.window.stage.getScene().getFocusOwner())) + ")");
    }

    @Test
    void spacePlaysAndPauses() throws Exception {
        overTheView();
        robot.push(KeyCode.SPACE);
        waitUntil(() -> h.window.timeline.play.isSelected() && h.window.session.time() > 0, 10, "Space plays");
        robot.push(KeyCode.SPACE);
        waitUntil(() -> !h.window.timeline.play.isSelected(), 10, "Space pauses");
        double t = fx(() -> h.window.session.time());
        StudioHarness.awaitPulses(3); // the player advances the time on every pulse while it runs
        assertEquals(t, fx(() -> h.window.session.time()), "paused: the time stands still");
    }

    /**
     * A held key repeats its press (25 a second on Xvfb, after 0.66 s): Space toggles once per press
     * however long it is held. The events are fired here as the keyboard sends them, so the test does
     * not depend on how long a robot's key stays down.
     */
    @Test
    void aHeldSpaceTogglesOnce() throws Exception {
        overTheView();
        fx(() -> {
            Node target = h.window.stage.getScene().getFocusOwner();
            for (int i = 0; i < 2; i++) Event.fireEvent(target, key(KeyEvent.KEY_PRESSED)); // the press and one repeat
            Event.fireEvent(target, key(KeyEvent.KEY_RELEASED));
            return null;
        });
        assertTrue(fx(() -> h.window.timeline.play.isSelected()), "one press held: playing");
        fx(() -> {
            Node target = h.window.stage.getScene().getFocusOwner();
            Event.fireEvent(target, key(KeyEvent.KEY_PRESSED));
            Event.fireEvent(target, key(KeyEvent.KEY_RELEASED));
            return null;
        });
        assertFalse(fx(() -> h.window.timeline.play.isSelected()), "a second press: paused");
    }

    private static KeyEvent key(javafx.event.EventType<KeyEvent> type) {
        return new KeyEvent(type, " ", " ", KeyCode.SPACE, false, false, false, false);
    }

    @Test
    void iInsertsAKeyframeOfTheSelection() throws Exception {
        int id = h.importModel(TestData.resource("obj/bunny_lowres/bunny.obj"));
        fx(() -> {
            h.window.session.setTime(1.5);
            return null;
        });
        overTheView();
        robot.push(KeyCode.I);
        waitUntil(() -> h.window.timeline.keyTimes().contains(1.5), 10, "a key at 1.5 s");
        assertEquals(id, (int) fx(() -> h.window.session.selected()));
    }

    @Test
    void menusShowTheShortcutsThatWork() throws Exception {
        MenuBar bar = fx(() -> (MenuBar) h.window.stage.getScene().getRoot().lookup(".menu-bar"));
        for (String[] item : List.of(new String[]{"File", "Save", "Ctrl+S"}, new String[]{"Edit", "Undo", "Ctrl+Z"},
                new String[]{"Edit", "Redo", "Ctrl+Y"}, new String[]{"Edit", "Delete", "Delete"})) {
            MenuItem m = fx(() -> bar.getMenus().stream().filter(x -> x.getText().equals(item[0])).flatMap(x -> x.getItems().stream())
                    .filter(x -> item[1].equals(x.getText())).findFirst().orElseThrow());
            assertNotNull(m.getAccelerator(), item[1] + " shows its shortcut");
            assertEquals(item[2], fx(() -> m.getAccelerator().getDisplayText()), item[1]);
        }
        Menu view = fx(() -> bar.getMenus().stream().filter(x -> x.getText().equals("View")).findFirst().orElseThrow());
        assertTrue(fx(() -> view.getItems().stream().anyMatch(x -> "Play / pause (Space)".equals(x.getText()))), "Space in the View menu");
    }

    @Test
    void formLabelsHaveTheirControlsTooltip() throws Exception {
        Node aperture = fx(() -> h.window.effects.lookupAll(".label").stream()
                .filter(n -> n instanceof Label l && "Aperture".equals(l.getText())).findFirst().orElseThrow());
        assertNotNull(fx(() -> ((Label) aperture).getTooltip()), "the Aperture label has a tooltip");
        assertEquals(fx(() -> h.window.effects.aperture.getTooltip().getText()), fx(() -> ((Label) aperture).getTooltip().getText()));
    }
}
