package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.drtstudio.studio.dialogs.FxStudioDialogs;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real dialogs ({@link FxStudioDialogs}) under the window manager: owned by the main window, centred on it, as tall as their text. */
class StudioDialogsUiTest {
    private final StudioHarness h = new StudioHarness();
    private FxStudioDialogs dialogs;

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        // Off the screen's centre, so a dialog centred on the screen instead of the window is told apart.
        fx(() -> {
            h.window.stage.setX(40);
            h.window.stage.setY(30);
            return null;
        });
        waitUntil(() -> h.window.stage.getX() < 100, 5, "window moved");
        dialogs = new FxStudioDialogs(h.window.stage);
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    private Stage dialogWindow() throws Exception {
        waitUntil(() -> Window.getWindows().stream().anyMatch(w -> w instanceof Stage s && s.getOwner() == h.window.stage && s.isShowing()),
                10, "a dialog shown");
        return fx(() -> (Stage) Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getOwner() == h.window.stage && s.isShowing())
                .findFirst().orElseThrow());
    }

    /** Waits until the dialog's centre is within a few pixels of the main window's (the window manager placed it). */
    private void assertCentredOnTheWindow(Stage d) throws Exception {
        Stage main = h.window.stage;
        waitUntil(() -> Math.abs(d.getX() + d.getWidth() / 2 - (main.getX() + main.getWidth() / 2)) < 8
                && Math.abs(d.getY() + d.getHeight() / 2 - (main.getY() + main.getHeight() / 2)) < 8, 5,
                "dialog centred on the main window");
        assertSame(main, fx(d::getOwner), "owned by the main window");
        assertTrue(fx(() -> d.getY()) >= 0, "its title bar on the screen");
    }

    @Test
    void aLongErrorIsCentredOnTheWindowAndNotClipped() throws Exception {
        String end = "the last words of the message";
        String message = "cannot import /some/folder/model.obj: line 12: " + "an explanation that goes on, ".repeat(14) + end;
        fx(() -> {
            dialogs.showError(message);
            return null;
        });
        Stage d = dialogWindow();
        assertCentredOnTheWindow(d);
        Label text = fx(() -> (Label) d.getScene().getRoot().lookup("#dialogText"));
        assertEquals(message, fx(text::getText));
        double needed = fx(() -> text.prefHeight(text.getWidth()));
        assertTrue(fx(text::getHeight) >= needed - 1, "the whole text fits: " + fx(text::getHeight) + " px of " + needed);
        assertTrue(fx(() -> text.localToScene(text.getBoundsInLocal()).getMaxY()) <= fx(() -> d.getScene().getHeight()), "inside the dialog");
        Node ok = fx(() -> d.getScene().getRoot().lookupAll(".button").stream()
                .filter(n -> n instanceof javafx.scene.control.Button b && b.getText().equals("OK")).findFirst().orElseThrow());
        // Pressed as the button's own action: what is measured here is where the dialog is and what it shows.
        fx(() -> {
            ((javafx.scene.control.Button) ok).fire();
            return null;
        });
        waitUntil(() -> !d.isShowing(), 5, "closed by its button");
    }

    @Test
    void theUnsavedChangesQuestionIsCentredAndAnswered() throws Exception {
        AtomicReference<StudioDialogs.SaveChoice> answer = new AtomicReference<>();
        Platform.runLater(() -> answer.set(dialogs.askSaveChanges("scene1.json")));
        Stage d = dialogWindow();
        assertCentredOnTheWindow(d);
        assertEquals("Unsaved changes", fx(d::getTitle));
        Node discard = fx(() -> d.getScene().getRoot().lookupAll(".button").stream()
                .filter(n -> n instanceof javafx.scene.control.Button b && b.getText().equals("Don't save")).findFirst().orElseThrow());
        fx(() -> {
            ((javafx.scene.control.Button) discard).fire();
            return null;
        });
        waitUntil(() -> answer.get() != null, 5, "answered");
        assertEquals(StudioDialogs.SaveChoice.DISCARD, answer.get());
    }
}
