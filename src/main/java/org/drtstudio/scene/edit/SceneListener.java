package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.SceneSnapshot;

/**
 * Told about every change of a {@link SceneDocument}, synchronously, on the thread that made it.
 * A listener that needs another thread (the GL thread, the FX thread) hands the snapshot over; it
 * is immutable.
 */
@FunctionalInterface
public interface SceneListener {
    void sceneChanged(SceneSnapshot snapshot);
}
