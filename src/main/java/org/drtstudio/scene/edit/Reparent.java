package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/**
 * Moves node {@code nodeId} to be child {@code index} (−1: last) of group {@code newParentId}, as
 * counted after it has left its old place. Its own transform is kept, so it moves with its new
 * parent. Moving a node under itself or its own descendant would make a cycle and is rejected.
 */
public record Reparent(int nodeId, int newParentId, int index) implements Edit {
    @Override
    public String label(SceneModel before) {
        return "Move " + Edit.nameOf(before, nodeId) + " under " + Edit.nameOf(before, newParentId);
    }

    @Override
    public Result apply(SceneModel model) {
        if (nodeId == model.root().id()) throw new IllegalArgumentException("the root node cannot be moved");
        AuthoredNode node = model.node(nodeId).orElseThrow(() -> Graph.unknown(nodeId));
        AuthoredNode parent = model.node(newParentId).orElseThrow(() -> Graph.unknown(newParentId));
        if (!(parent instanceof GroupNode))
            throw new IllegalArgumentException("'" + parent.name() + "' is not a group and cannot have children");
        if (Graph.contains(node, newParentId))
            throw new IllegalArgumentException("cannot move '" + node.name() + "' under "
                    + (newParentId == nodeId ? "itself" : "its own descendant '" + parent.name() + "'"));
        GroupNode without = Graph.remove(model.root(), nodeId);
        SceneModel after = model.withRoot(Graph.insert(without, newParentId, index, node));
        return new Result(after, Graph.hasGeometry(node) ? Set.of(Change.TRANSFORM) : Set.of());
    }
}
