package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.drtstudio.studio.dialogs.FxStudioDialogs;
import org.drtstudio.studio.dialogs.OwnerInputBlock;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.testfx.api.FxRobot;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 1, under openbox: a maximised studio stays maximised through every dialog (the
 * file chooser of Import and its Cancel, Help, the unsaved-changes question, the export dialog and
 * an error), and Help opened from it shows its whole table and its Close button. Every change of
 * the window's maximised state is recorded, so an un-maximise that openbox undoes later still fails.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MaximisedWindowUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    private final List<Boolean> maximisedChanges = new CopyOnWriteArrayList<>();
    private FxStudioDialogs dialogs;

    @BeforeAll
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            h.window.stage.maximizedProperty().addListener((o, was, now) -> maximisedChanges.add(now));
            return null;
        });
        dialogs = new FxStudioDialogs(h.window.stage);
    }

    @AfterAll
    void close() throws Exception {
        h.stop();
    }

    @BeforeEach
    void maximise() throws Exception {
        fx(() -> {
            h.window.stage.setMaximized(true);
            return null;
        });
        double screenWidth = fx(() -> Screen.getPrimary().getVisualBounds().getWidth());
        waitUntil(() -> h.window.stage.isMaximized() && h.window.stage.getWidth() >= screenWidth - 20, 10, "window maximised");
        maximisedChanges.clear();
        h.focus();
    }

    private void assertStillMaximised(String after) throws Exception {
        double screenWidth = fx(() -> Screen.getPrimary().getVisualBounds().getWidth());
        assertTrue(fx(() -> h.window.stage.isMaximized()), "maximised after " + after);
        assertTrue(fx(() -> h.window.stage.getWidth()) >= screenWidth - 20, "as wide as the screen after " + after);
        assertEquals(List.of(), maximisedChanges, "the maximised state never changed during " + after);
    }

    /** FX thread (a wait's condition runs there). */
    private Optional<Stage> dialogNow(Predicate<Stage> which) {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s != h.window.stage && s.isShowing()
                && s.getScene() != null && which.test(s)).map(w -> (Stage) w).findFirst();
    }

    /** Waits for the dialog, then for the window manager and the dialog's own re-placing (up to 1.2 s after it shows) to be done. */
    private Stage shownDialog(Predicate<Stage> which, String what) throws Exception {
        waitUntil(() -> dialogNow(which).isPresent(), 10, what + " shown");
        Stage d = fx(() -> dialogNow(which).orElseThrow());
        double[] last = {-1, -1};
        long[] stableSince = {System.nanoTime()};
        waitUntil(() -> {
            if (d.getWidth() != last[0] || d.getHeight() != last[1]) {
                last[0] = d.getWidth();
                last[1] = d.getHeight();
                stableSince[0] = System.nanoTime();
            }
            return System.nanoTime() - stableSince[0] > 2_000_000_000L;
        }, 20, what + " placed");
        return d;
    }

    private void press(Stage d, String buttonText) throws Exception {
        Button b = fx(() -> d.getScene().getRoot().lookupAll(".button").stream().filter(n -> n instanceof Button x && x.getText().equals(buttonText))
                .map(n -> (Button) n).findFirst().orElseThrow());
        robot.clickOn(b);
        waitUntil(() -> !d.isShowing(), 10, buttonText + " closes the dialog");
    }

    @Test
    void helpKeepsTheWindowMaximisedAndShowsItsWholeTable() throws Exception {
        robot.push(KeyCode.F1);
        Stage d = shownDialog(s -> s.getScene().lookup("#shortcutTable") != null, "Help");
        assertTrue(fx(() -> h.window.stage.isMaximized()), "maximised while Help is open");
        Node table = fx(() -> d.getScene().lookup("#shortcutTable"));
        Bounds t = fx(() -> table.localToScene(table.getBoundsInLocal()));
        double sceneWidth = fx(() -> d.getScene().getWidth()), sceneHeight = fx(() -> d.getScene().getHeight());
        assertTrue(t.getMaxX() <= sceneWidth, "the table's right column inside the dialog: " + t.getMaxX() + " of " + sceneWidth);
        Button close = fx(() -> d.getScene().getRoot().lookupAll(".button").stream().filter(n -> n instanceof Button b && b.getText().equals("Close"))
                .map(n -> (Button) n).findFirst().orElseThrow());
        Bounds c = fx(() -> close.localToScene(close.getBoundsInLocal()));
        assertTrue(c.getMaxX() <= sceneWidth && c.getMaxY() <= sceneHeight && c.getWidth() > 20, "Close is inside the dialog: " + c);
        press(d, "Close");
        assertStillMaximised("Help");
    }

    @Test
    void theUnsavedChangesQuestionKeepsTheWindowMaximisedAndBlocksIt() throws Exception {
        AtomicReference<StudioDialogs.SaveChoice> answer = new AtomicReference<>();
        Platform.runLater(() -> answer.set(dialogs.askSaveChanges("scene1.json")));
        Stage d = shownDialog(s -> "Unsaved changes".equals(s.getTitle()), "the unsaved-changes question");
        assertTrue(fx(() -> OwnerInputBlock.of(h.window.stage).blocking()), "the main window takes no input while it is asked");
        press(d, "Cancel");
        waitUntil(() -> answer.get() != null, 5, "answered");
        assertEquals(StudioDialogs.SaveChoice.CANCEL, answer.get());
        assertTrue(fx(() -> !OwnerInputBlock.of(h.window.stage).blocking()), "input again once answered");
        assertStillMaximised("the unsaved-changes question");
    }

    @Test
    void theExportDialogAndAnErrorKeepTheWindowMaximised() throws Exception {
        AtomicReference<Optional<ExportSettings>> answer = new AtomicReference<>();
        ExportSettings defaults = new ExportSettings(java.nio.file.Path.of("render.png"), 640, 360, 16, false, 0, 0, false);
        Platform.runLater(() -> answer.set(dialogs.askExport(defaults, false)));
        press(shownDialog(s -> "Export still".equals(s.getTitle()), "the export dialog"), "Cancel");
        waitUntil(() -> answer.get() != null, 5, "answered");
        fx(() -> {
            dialogs.showError("cannot import broken.obj: line 3: not a number");
            return null;
        });
        press(shownDialog(s -> "DRT Studio: problem".equals(s.getTitle()), "the error"), "OK");
        assertStillMaximised("the export dialog and an error");
    }

    /** Import's file chooser is native: Escape (from another process: the FX thread is inside the chooser) cancels it. */
    @Test
    void importsFileChooserAndItsCancelKeepTheWindowMaximised() throws Exception {
        java.util.concurrent.CompletableFuture<Optional<java.nio.file.Path>> answer = new java.util.concurrent.CompletableFuture<>();
        Platform.runLater(() -> answer.complete(dialogs.chooseOpen("Import model", false)));
        // An Escape before the chooser has the keyboard would reach the main window.
        ActiveXWindow.await("Import model", 60);
        assertTrue(NativeKeyPress.escape(), "a key can be pressed on the display");
        assertEquals(Optional.empty(), answer.get(60, java.util.concurrent.TimeUnit.SECONDS), "Escape cancels the chooser");
        assertStillMaximised("Import's file chooser");
    }
}
