package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/** Removes node {@code nodeId} and everything under it; the root cannot be removed. */
public record RemoveNode(int nodeId) implements Edit {
    @Override
    public String label(SceneModel before) {
        return "Remove " + Edit.nameOf(before, nodeId);
    }

    @Override
    public Result apply(SceneModel model) {
        AuthoredNode node = model.node(nodeId).orElseThrow(() -> Graph.unknown(nodeId));
        SceneModel after = model.withRoot(Graph.remove(model.root(), nodeId));
        return new Result(after, Graph.hasGeometry(node) ? Set.of(Change.GEOMETRY) : Set.of());
    }
}
