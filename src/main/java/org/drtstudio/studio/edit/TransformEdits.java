package org.drtstudio.studio.edit;

import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.KeyTransform;
import org.drtstudio.scene.edit.SetTransform;

/**
 * The edit that gives a group a new transform at the time shown: the authored transform for a
 * still node, a key at that time for an animated one (its keys would override the authored value,
 * so changing that would show nothing — "auto-key", as animation tools do).
 */
public final class TransformEdits {
    private TransformEdits() {
    }

    public static Edit set(GroupNode g, Trs transform, double time) {
        return g.tracks().isEmpty() ? new SetTransform(g.id(), transform) : new KeyTransform(g.id(), time, transform);
    }
}
