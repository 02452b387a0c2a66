package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/** Gives node {@code nodeId} a new display name; nothing a renderer shows changes. */
public record Rename(int nodeId, String name) implements Edit {
    public Rename {
        if (name == null) throw new IllegalArgumentException("a node name cannot be null");
    }

    @Override
    public String label(SceneModel before) {
        return "Rename " + Edit.nameOf(before, nodeId);
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withRoot(Graph.replace(model.root(), nodeId, n -> n.withName(name))), Set.of());
    }
}
