package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;

import java.util.Set;

/**
 * Sets the authored transform of group {@code nodeId}. Channels that have keys still follow their
 * keys when evaluated; set a key to change an animated channel.
 */
public record SetTransform(int nodeId, Trs transform) implements Edit {
    public SetTransform {
        if (transform == null) throw new IllegalArgumentException("no transform given");
    }

    @Override
    public String label(SceneModel before) {
        return "Transform " + Edit.nameOf(before, nodeId);
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withRoot(Graph.replace(model.root(), nodeId, n -> Groups.require(n).withTransform(transform))),
                Set.of(Change.TRANSFORM));
    }
}
