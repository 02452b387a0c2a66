package org.drtstudio.studio.panels;

import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.edit.AddNode;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.RemoveNode;
import org.drtstudio.scene.edit.Rename;
import org.drtstudio.scene.edit.Reparent;
import org.drtstudio.studio.dialogs.DialogPlacement;
import org.drtstudio.studio.edit.EditorSession;

import java.util.ArrayList;
import java.util.List;

/**
 * The scene tree: transform groups and their meshes, spheres and models, then the lights and the
 * camera. Selecting a row selects the node in the viewport; the context menu renames, duplicates,
 * hides and deletes; dragging a row onto a group reparents it. Every change is an undoable edit.
 */
public final class SceneTreePane extends VBox {
    /** A row: a node (id ≥ 0), a light ({@code light} ≥ 0) or the camera. */
    public record Entry(int nodeId, int light, boolean camera, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    private static final String DRAG_PREFIX = "drt-node:";
    public final TreeView<Entry> view = new TreeView<>();
    private final EditorSession session;
    private boolean rebuilding;
    private SceneModel shown;
    /** Rows keep their item (and whether the user opened it) while their node, light or camera stays. */
    private final TreeRows<Entry> rows = new TreeRows<>(e -> e.nodeId() >= 0 ? "node " + e.nodeId()
            : e.light() >= 0 ? "light " + e.light() : e.camera() ? "camera" : "none");

    public SceneTreePane(EditorSession session) {
        this.session = session;
        view.setId("sceneTree");
        view.setShowRoot(true);
        view.setCellFactory(v -> new EntryCell());
        view.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (rebuilding || item == null) return;
            selectedEntry = item.getValue();
            if (item.getValue().light() >= 0) session.selectLight(item.getValue().light());
            else if (item.getValue().camera()) session.selectCamera();
            else session.select(item.getValue().nodeId());
        });
        ContextMenu menu = new ContextMenu(
                action("Rename…", this::renameSelected), action("Duplicate", this::duplicateSelected),
                action("Hide / show", this::toggleHidden), action("Delete", this::deleteSelected));
        view.setContextMenu(menu);
        VBox.setVgrow(view, Priority.ALWAYS);
        getChildren().add(view);
        setPrefWidth(200);
        session.addListener(this::refresh);
        refresh();
    }

    private Entry selectedEntry;

    /** The light or camera row selected, for the inspector; null when a node is selected. */
    Entry selectedEntry() {
        return selectedEntry;
    }

    private static MenuItem action(String text, Runnable r) {
        MenuItem m = new MenuItem(text);
        m.setMnemonicParsing(false);
        m.setOnAction(e -> r.run());
        return m;
    }

    /** What the rows show: ids, names, nesting and hidden flags; transforms and materials do not matter here. */
    private List<Object> outline(SceneModel m) {
        List<Object> out = new ArrayList<>();
        outline(m.root(), 0, out);
        out.add(m.lights().size());
        return out;
    }

    private void outline(AuthoredNode n, int depth, List<Object> out) {
        out.add(depth + ":" + n.id() + ":" + n.name() + ":" + session.isHidden(n.id()));
        if (n instanceof GroupNode g) for (AuthoredNode c : g.children()) outline(c, depth + 1, out);
    }

    private List<Object> shownOutline;

    private void refresh() {
        SceneModel m = session.document.model();
        if (m != shown) {
            shown = m;
            List<Object> outline = outline(m);
            if (outline.equals(shownOutline)) {
                syncSelection();
                return; // only transforms, materials or the like changed: the rows stay as they are
            }
            shownOutline = outline;
            rebuilding = true;
            try {
                List<TreeRows.Row<Entry>> top = new ArrayList<>();
                for (AuthoredNode c : children(m.root())) top.add(row(c));
                for (int i = 0; i < m.lights().size(); i++) top.add(leafRow(new Entry(-1, i, false, "☼ Light " + i)));
                top.add(leafRow(new Entry(-1, -1, true, "◎ Camera")));
                TreeItem<Entry> root = rows.update(view.getRoot(), new TreeRows.Row<>(entry(m.root()), top, true));
                root.setExpanded(true);
                if (root != view.getRoot()) view.setRoot(root);
            } finally {
                rebuilding = false;
            }
        }
        syncSelection();
    }

    /** Selects the first top-level row whose entry {@code matches}, without the selection going back to the session as an edit. */
    private void selectTopRowQuietly(java.util.function.Predicate<Entry> matches) {
        for (TreeItem<Entry> row : view.getRoot().getChildren()) {
            if (!matches.test(row.getValue())) continue;
            rebuilding = true;
            try {
                view.getSelectionModel().select(row);
                selectedEntry = row.getValue();
            } finally {
                rebuilding = false;
            }
            return;
        }
    }

    private void syncSelection() {
        if (session.cameraSelected()) {
            // the focus plane clicked in the view: the camera's row, so the tree says what is selected
            TreeItem<Entry> current = view.getSelectionModel().getSelectedItem();
            if (current != null && current.getValue().camera()) return;
            selectTopRowQuietly(Entry::camera);
            return;
        }
        int light = session.selectedLight();
        if (light >= 0) {
            TreeItem<Entry> current = view.getSelectionModel().getSelectedItem();
            if (current != null && current.getValue().light() == light) return;
            selectTopRowQuietly(e -> e.light() == light);
            return;
        }
        int id = session.selected();
        TreeItem<Entry> current = view.getSelectionModel().getSelectedItem();
        if (current != null && current.getValue().nodeId() == id && (id >= 0 || current.getValue().nodeId() < 0 && id < 0)) return;
        if (id < 0) return;
        TreeItem<Entry> found = find(view.getRoot(), id);
        if (found != null) {
            rebuilding = true;
            try {
                for (TreeItem<Entry> p = found.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
                view.getSelectionModel().select(found);
                selectedEntry = found.getValue();
            } finally {
                rebuilding = false;
            }
        }
    }

    private static TreeItem<Entry> find(TreeItem<Entry> item, int id) {
        if (item == null) return null;
        if (item.getValue().nodeId() == id) return item;
        for (TreeItem<Entry> c : item.getChildren()) {
            TreeItem<Entry> f = find(c, id);
            if (f != null) return f;
        }
        return null;
    }

    private TreeRows.Row<Entry> row(AuthoredNode n) {
        List<TreeRows.Row<Entry>> children = new ArrayList<>();
        for (AuthoredNode c : children(n)) children.add(row(c));
        return new TreeRows.Row<>(entry(n), children, children.size() < 8);
    }

    private static List<AuthoredNode> children(AuthoredNode n) {
        return n instanceof GroupNode g ? g.children() : List.of();
    }

    private static TreeRows.Row<Entry> leafRow(Entry e) {
        return new TreeRows.Row<>(e, List.of(), false);
    }

    private Entry entry(AuthoredNode n) {
        String kind = n instanceof GroupNode ? "▣ " : n instanceof ModelLeaf ? "◆ " : n instanceof MeshLeaf ? "△ " : "● ";
        String hiddenMark = session.isHidden(n.id()) ? " (hidden)" : "";
        return new Entry(n.id(), -1, false, kind + n.name() + hiddenMark);
    }

    private int selectedNode() {
        int id = session.selected();
        return id >= 0 && id != session.document.model().root().id() ? id : -1;
    }

    void renameSelected() {
        int id = selectedNode();
        if (id < 0) return;
        String old = session.document.model().node(id).map(AuthoredNode::name).orElse("");
        TextInputDialog d = new TextInputDialog(old);
        d.setTitle("Rename");
        d.setHeaderText("Rename '" + old + "'");
        d.setContentText("New name:");
        DialogPlacement.prepare(d, getScene().getWindow());
        d.showAndWait().ifPresent(name -> commit(new Rename(id, name)));
    }

    public void duplicateSelected() {
        int id = selectedNode();
        if (id < 0) return;
        SceneModel m = session.document.model();
        AuthoredNode n = m.node(id).orElseThrow();
        GroupNode parent = m.parentOf(id).orElseThrow();
        int[] next = {m.nextId()};
        AuthoredNode copy = copy(n, next, true);
        commit(new AddNode(parent.id(), parent.children().indexOf(n) + 1, copy), copy.id());
    }

    /** A copy of a subtree with fresh ids; meshes and model assets are shared (instancing). */
    static AuthoredNode copy(AuthoredNode n, int[] nextId, boolean top) {
        int id = nextId[0]++;
        String name = top ? n.name() + " copy" : n.name();
        if (n instanceof GroupNode g) {
            List<AuthoredNode> children = new ArrayList<>();
            for (AuthoredNode c : g.children()) children.add(copy(c, nextId, false));
            return new GroupNode(id, name, g.transform(), g.tracks(), children);
        }
        if (n instanceof ModelLeaf m) return new ModelLeaf(id, name, m.asset(), m.materialOffset());
        if (n instanceof MeshLeaf m) return new MeshLeaf(id, name, m.mesh());
        SpheresLeaf s = (SpheresLeaf) n;
        return new SpheresLeaf(id, name, s.spheres());
    }

    void toggleHidden() {
        int id = selectedNode();
        if (id < 0) return;
        session.setHidden(id, !session.isHidden(id));
        shown = null;
        shownOutline = null;
        refresh();
    }

    void deleteSelected() {
        int id = selectedNode();
        if (id < 0) return;
        commit(new RemoveNode(id), -1);
    }

    private void commit(Edit e) {
        commit(() -> session.commit(e));
    }

    /** Commits and selects {@code nodeId} in one step, so the panels react once. */
    private void commit(Edit e, int nodeId) {
        commit(() -> session.commit(e, nodeId));
    }

    private void commit(Runnable commit) {
        try {
            commit.run();
        } catch (IllegalArgumentException ex) {
            new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR, ex.getMessage()).show();
        }
    }

    /** A row that can be dragged onto a group to reparent it. */
    private final class EntryCell extends TreeCell<Entry> {
        EntryCell() {
            setOnDragDetected(e -> {
                Entry en = getItem();
                if (en == null || en.nodeId() < 0 || en.nodeId() == session.document.model().root().id()) return;
                var db = startDragAndDrop(TransferMode.MOVE);
                ClipboardContent c = new ClipboardContent();
                c.putString(DRAG_PREFIX + en.nodeId());
                db.setContent(c);
                e.consume();
            });
            setOnDragOver(e -> {
                Entry en = getItem();
                if (en != null && e.getDragboard().hasString() && e.getDragboard().getString().startsWith(DRAG_PREFIX)
                        && session.document.model().node(en.nodeId()).orElse(null) instanceof GroupNode) {
                    e.acceptTransferModes(TransferMode.MOVE);
                }
                e.consume();
            });
            setOnDragDropped(e -> {
                Entry en = getItem();
                int moved = Integer.parseInt(e.getDragboard().getString().substring(DRAG_PREFIX.length()));
                if (en != null && en.nodeId() != moved) commit(new Reparent(moved, en.nodeId(), -1));
                e.setDropCompleted(true);
                e.consume();
            });
        }

        @Override
        protected void updateItem(Entry item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty || item == null ? null : item.label());
        }
    }
}
