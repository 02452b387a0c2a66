package org.drtstudio.studio.dialogs;


import javafx.geometry.Rectangle2D;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.stage.Modality;
import javafx.stage.Screen;
import javafx.stage.Window;

/**
 * Makes a dialog belong to the main window: owned by it, centred on it (a window manager otherwise
 * places a dialog whose size is not known yet where it likes, at times the screen's top-left with
 * its title bar off-screen), kept on the screen, as tall as its text (an alert's default height
 * clips a long message) and as wide as its content (a table such as Help's), and blocking the
 * main window's input through {@link OwnerInputBlock} rather than modality, which un-maximised it.
 */
public final class DialogPlacement {
    /** Text of a message wraps at this width; the dialog grows downwards to fit it. */
    static final double TEXT_WIDTH = 460;

    private DialogPlacement() {
    }

    /** Owns, sizes and centres {@code dialog} on {@code owner} (null: centred on the primary screen). */
    public static void prepare(Dialog<?> dialog, Window owner) {
        if (owner != null && dialog.getOwner() == null) dialog.initOwner(owner);
        // Not modal: a modal dialog disables its owner natively, and openbox then un-maximises it.
        dialog.initModality(Modality.NONE);
        if (owner != null) {
            OwnerInputBlock block = OwnerInputBlock.of(owner);
            dialog.addEventHandler(DialogEvent.DIALOG_SHOWING, e -> block.hold());
            dialog.addEventHandler(DialogEvent.DIALOG_HIDDEN, e -> block.release());
        }
        dialog.setResizable(true);
        var pane = dialog.getDialogPane();
        pane.setMinHeight(Region.USE_PREF_SIZE);
        pane.setMinWidth(Region.USE_PREF_SIZE);
        String text = dialog.getContentText();
        if (text != null && !text.isEmpty() && pane.getContent() == null) {
            // A wrapping label of a fixed width: the pane's preferred height is then the text's.
            Label label = new Label(text);
            label.setId("dialogText");
            label.setWrapText(true);
            label.setPrefWidth(TEXT_WIDTH);
            label.setMinHeight(Region.USE_PREF_SIZE);
            pane.setContent(label);
        }
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWN, e -> {
            if (owner != null) OwnerInputBlock.of(owner).bringForwardOnClick(windowOf(pane));
            centre(windowOf(pane), owner);
            // openbox maps a new GTK window at 200 x 200 whatever size it was given (as it does the main
            // window): give the content's size again once the window manager is done, then centre.
            for (double ms : new double[]{150, 500, 1200}) {
                javafx.animation.PauseTransition later = new javafx.animation.PauseTransition(javafx.util.Duration.millis(ms));
                later.setOnFinished(f -> {
                    if (pane.getScene() == null || !dialog.isShowing()) return; // answered already
                    fitToContent(pane);
                    centre(pane.getScene().getWindow(), owner);
                });
                later.play();
            }
        });
        // The window manager may size the window after it is shown: centre it again then.
        dialog.widthProperty().addListener((o, a, b) -> centre(windowOf(pane), owner));
        dialog.heightProperty().addListener((o, a, b) -> centre(windowOf(pane), owner));
    }

    private static Window windowOf(Region pane) {
        return pane.getScene() == null ? null : pane.getScene().getWindow();
    }

    /**
     * Grows the dialog's window to its content's preferred size where the scene is smaller, up to the
     * screen's size (a message's text wraps at {@link #TEXT_WIDTH}, so only tables are wider).
     */
    static void fitToContent(Region pane) {
        if (pane.getScene() == null || pane.getScene().getWindow() == null) return;
        Window window = pane.getScene().getWindow();
        Rectangle2D screen = screenOf(window);
        double needW = Math.min(pane.prefWidth(-1), screen.getWidth() - 40);
        double needH = Math.min(pane.prefHeight(needW), screen.getHeight() - 60);
        double sceneW = pane.getScene().getWidth(), sceneH = pane.getScene().getHeight();
        if (sceneW + 1 >= needW && sceneH + 1 >= needH) return;
        // The frame around the scene (title bar, border), as far as the window reports it believably.
        double decorW = window.getWidth() - sceneW, decorH = window.getHeight() - sceneH;
        if (!(decorW >= 0 && decorW < 40)) decorW = 0;
        if (!(decorH >= 0 && decorH < 60)) decorH = 0;
        window.setWidth(Math.max(sceneW, needW) + decorW);
        window.setHeight(Math.max(sceneH, needH) + decorH);
    }

    private static Rectangle2D screenOf(Window window) {
        var screens = Screen.getScreensForRectangle(window.getX(), window.getY(), Math.max(1, window.getWidth()), Math.max(1, window.getHeight()));
        return (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
    }

    /** Centres {@code window} on {@code owner}, inside the visible part of the owner's screen. */
    static void centre(Window window, Window owner) {
        if (window == null || window.getWidth() <= 0 || window.getHeight() <= 0) return;
        double w = window.getWidth(), h = window.getHeight();
        double cx, cy;
        Rectangle2D screen;
        if (owner != null && owner.isShowing()) {
            cx = owner.getX() + owner.getWidth() / 2;
            cy = owner.getY() + owner.getHeight() / 2;
            var screens = Screen.getScreensForRectangle(owner.getX(), owner.getY(), owner.getWidth(), owner.getHeight());
            screen = (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
        } else {
            screen = Screen.getPrimary().getVisualBounds();
            cx = screen.getMinX() + screen.getWidth() / 2;
            cy = screen.getMinY() + screen.getHeight() / 2;
        }
        double x = Math.max(screen.getMinX(), Math.min(cx - w / 2, screen.getMaxX() - w));
        double y = Math.max(screen.getMinY(), Math.min(cy - h / 2, screen.getMaxY() - h));
        if (Math.abs(window.getX() - x) > 0.5) window.setX(x);
        if (Math.abs(window.getY() - y) > 0.5) window.setY(y);
    }
}
