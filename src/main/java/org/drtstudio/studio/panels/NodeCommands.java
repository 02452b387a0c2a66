package org.drtstudio.studio.panels;

import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.GroupNodes;
import org.drtstudio.scene.edit.RemoveLight;
import org.drtstudio.scene.edit.RemoveNode;
import org.drtstudio.scene.edit.Ungroup;
import org.drtstudio.studio.edit.EditorSession;

import java.util.List;
import java.util.function.Consumer;

/**
 * Edit-menu commands on the selection: Group (Ctrl+G) wraps the selected node in a new group so it
 * can be moved, Ungroup (Ctrl+Shift+G) dissolves the selected group without moving anything, and
 * Delete removes the selected node or, when a light row of the scene tree is selected, that light.
 * Each is one undoable step; a refusal is a status-bar message.
 */
public final class NodeCommands {
    private final EditorSession session;
    private final SceneTreePane tree;
    private final Consumer<String> message;

    public NodeCommands(EditorSession session, SceneTreePane tree, Consumer<String> message) {
        this.session = session;
        this.tree = tree;
        this.message = message;
    }

    /** Group and Ungroup, for the Edit menu. */
    public List<MenuItem> menuItems() {
        MenuItem group = new MenuItem("Group");
        group.setId("groupItem");
        group.setAccelerator(new KeyCodeCombination(KeyCode.G, KeyCombination.SHORTCUT_DOWN));
        group.setOnAction(e -> group());
        MenuItem ungroup = new MenuItem("Ungroup");
        ungroup.setId("ungroupItem");
        ungroup.setAccelerator(new KeyCodeCombination(KeyCode.G, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        ungroup.setOnAction(e -> ungroup());
        return List.of(group, ungroup);
    }

    void group() {
        SceneModel m = session.document.model();
        int id = session.selected();
        if (id < 0 || id == m.root().id()) {
            message.accept("select an object to group");
            return;
        }
        String name = m.node(id).map(AuthoredNode::name).orElse("group") + " group";
        int groupId = m.nextId();
        commit(new GroupNodes(id, groupId, name), groupId);
    }

    void ungroup() {
        SceneModel m = session.document.model();
        int id = session.selected();
        if (!(m.node(id).orElse(null) instanceof GroupNode g) || id == m.root().id()) {
            message.accept("select a group to ungroup");
            return;
        }
        int first = g.children().isEmpty() ? -1 : g.children().get(0).id();
        commit(new Ungroup(id), first);
    }

    /** Deletes the selected node, or the light whose row is selected in the scene tree. */
    public void delete() {
        SceneModel m = session.document.model();
        int id = session.selected();
        SceneTreePane.Entry row = tree.selectedEntry();
        int light = session.selectedLight() >= 0 ? session.selectedLight() : row != null ? row.light() : -1;
        if (id < 0 && light >= 0 && light < m.lights().size()) {
            commit(() -> session.commit(new RemoveLight(light)));
            return;
        }
        if (id < 0 || id == m.root().id()) return;
        commit(new RemoveNode(id), -1);
    }

    /** Commits and selects {@code nodeId} in one step (the panels react once). */
    private void commit(Edit edit, int nodeId) {
        commit(() -> session.commit(edit, nodeId));
    }

    /** Runs a commit; a refusal is the status line's message. */
    private void commit(Runnable commit) {
        try {
            commit.run();
        } catch (IllegalArgumentException e) {
            message.accept(e.getMessage());
        }
    }
}
