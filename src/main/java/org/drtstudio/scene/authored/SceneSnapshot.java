package org.drtstudio.scene.authored;

import java.util.EnumSet;
import java.util.Set;

/**
 * What the editor publishes after each change: the whole model as it now is (immutable, safe to
 * hand to another thread), what changed since the previous snapshot, and a revision number that
 * grows by one per snapshot so a consumer can tell the newest and drop stale ones.
 */
public record SceneSnapshot(SceneModel model, Set<Change> changes, long revision) {
    public SceneSnapshot {
        if (model == null) throw new IllegalArgumentException("a snapshot needs a model");
        changes = changes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(changes));
    }
}
