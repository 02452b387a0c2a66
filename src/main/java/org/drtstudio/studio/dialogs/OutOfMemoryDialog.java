package org.drtstudio.studio.dialogs;

import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;

/**
 * The one dialog the studio shows when the Java heap has run out ({@code app.StudioEntry} catches
 * the error, from any thread): what happened and what to do. The studio then closes, since a
 * thread that ran out may have left its work half done; unsaved work is in the last autosave,
 * which the next start offers to recover.
 */
public final class OutOfMemoryDialog {
    private OutOfMemoryDialog() {
    }

    /**
     * Shows {@code message} on the JavaFX thread; {@code shown} runs as the dialog opens and
     * {@code closed} once the user has closed it (or it could not be made).
     */
    public static void show(String message, Runnable shown, Runnable closed) {
        Platform.runLater(() -> {
            try {
                Alert a = new Alert(Alert.AlertType.ERROR, message, ButtonType.CLOSE);
                a.setTitle("DRT Studio: out of memory");
                a.setHeaderText("DRT Studio ran out of memory and closes");
                shown.run();
                a.showAndWait();
            } finally {
                closed.run();
            }
        });
    }
}
