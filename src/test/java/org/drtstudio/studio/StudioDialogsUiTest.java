package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.drtstudio.studio.dialogs.FxStudioDialogs;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real dialogs ({@link FxStudioDialogs}) under the window manager: owned by the main window, centred on it, as tall as their text. */
class StudioDialogsUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
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

    /**
     * A usability pass: 160 x 120, 4 spp, frames 5 to 2, OK: an error, the dialog gone, and reopened
     * with the defaults. Now OK is refused, the dialog stays with every value typed, the last frame
     * marked and the reason under the form; typing there takes the mark away.
     */
    @Test
    void anExportWithABackwardRangeStaysOpenWithWhatWasTyped() throws Exception {
        AtomicReference<Optional<ExportSettings>> answer = new AtomicReference<>();
        ExportSettings defaults = new ExportSettings(Path.of("frame_####.png"), 640, 480, 16, false, 0, 120, false);
        Platform.runLater(() -> answer.set(dialogs.askExport(defaults, true)));
        Stage d = dialogWindow();
        assertEquals("Export animation", fx(d::getTitle));
        String[][] typed = {{"width", "160"}, {"height", "120"}, {"samples", "4"}, {"first-frame", "5"}, {"last-frame", "2"}};
        fx(() -> {
            for (String[] t : typed) ((TextField) d.getScene().lookup("#export-" + t[0])).setText(t[1]);
            return null;
        });
        robot.clickOn(button(d, "OK"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(d::isShowing), "OK refused: the dialog stays");
        assertEquals(null, answer.get(), "no answer yet");
        for (String[] t : typed) assertEquals(t[1], fx(() -> field(d, t[0]).getText()), t[0] + " as typed");
        assertEquals("Last frame must not be before the first frame (5); got 2", fx(() -> ((Label) d.getScene().lookup("#exportProblem")).getText()));
        assertFalse(fx(() -> field(d, "last-frame").getStyle()).isEmpty(), "the last frame marked");
        assertTrue(fx(() -> field(d, "first-frame").getStyle()).isEmpty(), "only it");
        assertSame(fx(() -> field(d, "last-frame")), fx(() -> d.getScene().getFocusOwner()), "and ready to be typed into");
        fx(() -> {
            field(d, "last-frame").setText("9");
            return null;
        });
        assertTrue(fx(() -> field(d, "last-frame").getStyle()).isEmpty(), "typing takes the mark away");
        assertEquals("", fx(() -> ((Label) d.getScene().lookup("#exportProblem")).getText()));
        robot.clickOn(button(d, "Cancel"));
        waitUntil(() -> answer.get() != null, 5, "cancelled");
        assertEquals(Optional.empty(), answer.get());
    }

    private static TextField field(Stage d, String name) {
        return (TextField) d.getScene().lookup("#export-" + name);
    }

    private static Button button(Stage d, String text) throws Exception {
        return fx(() -> d.getScene().getRoot().lookupAll(".button").stream().filter(n -> n instanceof Button b && b.getText().equals(text))
                .map(n -> (Button) n).findFirst().orElseThrow());
    }
}
