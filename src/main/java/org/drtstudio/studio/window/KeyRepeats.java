package org.drtstudio.studio.window;

import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;

import java.util.EnumSet;
import java.util.Set;

/**
 * Tells a key's first press from the presses the keyboard repeats while it is held: X (and every
 * desktop) sends KEY_PRESSED again and again for a held key, 25 a second after 0.66 s on Xvfb.
 * A toggle (Space plays and pauses, P pauses the preview) must act once per press, or a key held a
 * little long flips it an unknown number of times: the UI test of Space failed so on a loaded
 * machine, where the robot's press and release came more than 0.66 s apart.
 */
public final class KeyRepeats {
    private final Set<KeyCode> down = EnumSet.noneOf(KeyCode.class);

    private KeyRepeats() {
    }

    /**
     * Follows the keys pressed in {@code scene}. Its filter must run before any that asks
     * {@link #repeated}: add this first. A key released while the window had no focus sends no
     * release here, so losing the focus forgets every key.
     */
    public static KeyRepeats install(Scene scene, Window window) {
        KeyRepeats keys = new KeyRepeats();
        scene.addEventFilter(KeyEvent.KEY_RELEASED, e -> keys.down.remove(e.getCode()));
        window.focusedProperty().addListener((o, was, focused) -> {
            if (!focused) keys.down.clear();
        });
        return keys;
    }

    /** Records {@code press} (a KEY_PRESSED); whether its key was already down, i.e. this is a repeat. */
    public boolean repeated(KeyEvent press) {
        return !down.add(press.getCode());
    }
}
