package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;

/** The node as a group, or a user-facing refusal: only groups carry transforms and keys. */
final class Groups {
    private Groups() {
    }

    static GroupNode require(AuthoredNode n) {
        if (n instanceof GroupNode g) return g;
        throw new IllegalArgumentException("'" + n.name() + "' is not a group; only groups have a transform and keys");
    }
}
