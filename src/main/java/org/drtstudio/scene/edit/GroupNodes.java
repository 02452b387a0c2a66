package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;

import java.util.List;
import java.util.Set;

/**
 * Group (Ctrl+G): puts node {@code nodeId} into a new group {@code groupId} at the identity
 * transform, in the node's place under its parent. What renders does not change; the new group can
 * be moved, animated and duplicated, which a bare mesh or model leaf cannot.
 */
public record GroupNodes(int nodeId, int groupId, String name) implements Edit {
    public GroupNodes {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a group needs a name");
    }

    @Override
    public String label(SceneModel before) {
        return "Group '" + before.node(nodeId).map(n -> n.name()).orElse("?") + "'";
    }

    @Override
    public Result apply(SceneModel model) {
        if (nodeId == model.root().id()) throw new IllegalArgumentException("the root cannot be grouped");
        if (model.node(groupId).isPresent())
            throw new IllegalArgumentException("id " + groupId + " is already used; use a new id such as " + model.nextId());
        var node = model.node(nodeId).orElseThrow(() -> Graph.unknown(nodeId));
        GroupNode parent = model.parentOf(nodeId).orElseThrow(() -> Graph.unknown(nodeId));
        int index = parent.children().indexOf(node);
        GroupNode wrapper = GroupNode.of(groupId, name, List.of(node));
        GroupNode root = Graph.replace(model.root(), parent.id(), p -> {
            List<org.drtstudio.scene.authored.AuthoredNode> kids = new java.util.ArrayList<>(((GroupNode) p).children());
            kids.set(index, wrapper);
            return ((GroupNode) p).withChildren(kids);
        });
        return new Result(model.withRoot(root), Set.of(Change.TRANSFORM));
    }
}
