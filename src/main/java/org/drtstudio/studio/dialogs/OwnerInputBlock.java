package org.drtstudio.studio.dialogs;

import javafx.event.Event;
import javafx.scene.input.InputEvent;
import javafx.scene.input.MouseEvent;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * Keeps the user's hands off the main window while one of its dialogs is open, without disabling
 * the window in the window system. A modal JavaFX dialog (and a file chooser given an owner)
 * disables its owner natively; under openbox that takes the maximise function from the window and
 * it drops back to its normal size (issue 39: every dialog un-maximised the studio, 5 of 5 tries).
 * So the studio's dialogs are not modal; instead, while any is open, this consumes the owner's
 * mouse and key events and its close request, and a click on the owner brings the dialog back to
 * the front. Holds nest (a dialog opened from a dialog).
 */
public final class OwnerInputBlock {
    private static final String KEY = OwnerInputBlock.class.getName();
    private int holds;
    /** The dialog to bring forward when the blocked owner is clicked (the newest), or null (a native chooser). */
    private Window front;

    private OwnerInputBlock(Window owner) {
        owner.addEventFilter(InputEvent.ANY, this::filter);
        owner.addEventFilter(WindowEvent.WINDOW_CLOSE_REQUEST, e -> {
            if (holds > 0) e.consume(); // the open dialog is answered first
        });
    }

    /** The block of {@code owner}, made on first use. FX thread. */
    public static OwnerInputBlock of(Window owner) {
        return (OwnerInputBlock) owner.getProperties().computeIfAbsent(KEY, k -> new OwnerInputBlock(owner));
    }

    /** Blocks input until the matching {@link #release}. */
    void hold() {
        holds++;
    }

    /** While blocked, a click on the owner brings {@code dialog} (the newest open one) to the front. */
    void bringForwardOnClick(Window dialog) {
        if (holds > 0) front = dialog;
    }

    void release() {
        if (holds > 0) holds--;
        if (holds == 0) front = null;
    }

    /** Whether the owner's input is blocked now (tests). */
    public boolean blocking() {
        return holds > 0;
    }

    private void filter(Event e) {
        if (holds == 0) return;
        e.consume();
        if (e.getEventType() == MouseEvent.MOUSE_PRESSED && front != null && front.isShowing()) {
            front.requestFocus();
            if (front instanceof javafx.stage.Stage s) s.toFront();
        }
    }
}
