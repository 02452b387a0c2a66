package org.drtstudio.studio.viewport;

import javafx.event.EventHandler;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.studio.edit.EditorSession;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.edit.TransformEdits;

/**
 * Blender-style keyboard transforms in the viewport: with the pointer over the viewport and a group
 * selected, G (move), R (rotate) or S (scale) starts a transform that follows the mouse without a
 * button held; X, Y or Z constrains it to that world axis (again: free), Esc or the right button
 * cancels, a click (in the viewport or anywhere else in the window) or Enter confirms — one undoable step. Without a selection or with the pointer
 * elsewhere, the keys only switch the gizmo's mode. The viewport also takes the keyboard focus when
 * the pointer enters it, so these keys reach it rather than the field last edited.
 */
public final class KeyboardTransform {
    private final ViewportPane viewport;
    private final EditorSession session;
    private double mouseX = Double.NaN, mouseY = Double.NaN;
    private boolean hovering;
    /** The transform in progress, or null. */
    private Gizmo.Drag active;
    private double startX, startY;
    /** While a free G move of a model standing on something: keeps it on the surface below, or null. */
    private SurfaceSnap snap;

    public KeyboardTransform(ViewportPane viewport, EditorSession session) {
        this.viewport = viewport;
        this.session = session;
        viewport.addEventFilter(MouseEvent.MOUSE_ENTERED, e -> {
            hovering = true;
            viewport.requestFocus();
        });
        viewport.addEventFilter(MouseEvent.MOUSE_EXITED, e -> hovering = false);
        viewport.addEventFilter(MouseEvent.MOUSE_MOVED, e -> {
            hovering = true;
            mouseX = e.getX();
            mouseY = e.getY();
            if (active != null) show();
        });
        viewport.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            if (active == null) return;
            if (e.getButton() == MouseButton.SECONDARY) cancel();
            else confirm();
            e.consume();
        });
        // Anything else that changes the document, the selection or the time (undo, a tree click,
        // scrubbing) ends the transform: it would go on from a state that no longer holds.
        session.addListener(() -> {
            if (active != null) {
                active = null;
                session.cancelPreview();
            }
        });
        EventHandler<KeyEvent> keys = this::keyPressed;
        // A press anywhere else in the window (a field, the tree, a menu) confirms what the viewport
        // shows (a right press cancels), as in the viewport, and then goes on to its target: otherwise the
        // transform would stay pending, out of reach, while the user works elsewhere.
        EventHandler<MouseEvent> pressElsewhere = e -> {
            if (active == null || insideViewport(e)) return;
            if (e.getButton() == MouseButton.SECONDARY) cancel();
            else confirm();
        };
        viewport.sceneProperty().addListener((o, old, scene) -> {
            if (old != null) {
                old.removeEventFilter(KeyEvent.KEY_PRESSED, keys);
                old.removeEventFilter(MouseEvent.MOUSE_PRESSED, pressElsewhere);
            }
            if (scene != null) {
                scene.addEventFilter(KeyEvent.KEY_PRESSED, keys);
                scene.addEventFilter(MouseEvent.MOUSE_PRESSED, pressElsewhere);
            }
        });
        Scene now = viewport.getScene();
        if (now != null) {
            now.addEventFilter(KeyEvent.KEY_PRESSED, keys);
            now.addEventFilter(MouseEvent.MOUSE_PRESSED, pressElsewhere);
        }
    }

    /** G, R or S (no text field focused): start a transform under the pointer, or switch the gizmo's mode. */
    public void key(KeyCode code) {
        Gizmo.Mode mode = switch (code) {
            case G -> Gizmo.Mode.MOVE;
            case R -> Gizmo.Mode.ROTATE;
            case S -> Gizmo.Mode.SCALE;
            default -> null;
        };
        if (mode == null) return;
        viewport.setGizmoMode(mode);
        if (active != null) {
            // switching G/R/S mid-transform restarts from the original transform in the new mode
            begin(mode, Gizmo.Handle.CENTER, active.node(), active.start());
            show();
            return;
        }
        GroupNode g = viewport.selectedGroup();
        if (g == null || !hovering || Double.isNaN(mouseX)) return;
        session.cancelPreview();
        begin(mode, Gizmo.Handle.CENTER, g, g.transformAt(session.time()));
    }

    public boolean isActive() {
        return active != null;
    }

    private void begin(Gizmo.Mode mode, Gizmo.Handle handle, GroupNode node, Trs start) {
        var model = session.document.model();
        Vec3 pivot = NodeGeometry.pivotWorld(model, node, session.time());
        if (active == null) {
            startX = mouseX;
            startY = mouseY;
        }
        // A free move (G alone) of a model that stands on something follows the ground and stays on it;
        // X, Y or Z constrain it as before.
        snap = mode == Gizmo.Mode.MOVE && handle == Gizmo.Handle.CENTER ? SurfaceSnap.of(model, node, session.time()) : null;
        Gizmo.Handle moveHandle = snap != null ? Gizmo.Handle.ZX : handle;
        active = new Gizmo.Drag(node, mode, moveHandle, start, pivot, NodeGeometry.parentWorld(model, node.id(), session.time()),
                viewport.projection(), startX, startY);
    }

    private void keyPressed(KeyEvent e) {
        if (active == null) return;
        switch (e.getCode()) {
            case X, Y, Z -> {
                Gizmo.Handle axis = Gizmo.Handle.valueOf(e.getCode().name());
                begin(active.mode(), active.handle() == axis ? Gizmo.Handle.CENTER : axis, active.node(), active.start());
                show();
            }
            case ESCAPE -> cancel();
            case ENTER -> confirm();
            default -> {
                return;
            }
        }
        e.consume();
    }

    /** The transform for the pointer where it is now. */
    Trs current() {
        Gizmo.Drag d = active;
        if (snap != null) {
            Trs moved = Gizmo.drag(d, mouseX, mouseY);
            return moved.withTranslation(snap.rest(d.start().translation(), moved.translation()));
        }
        if (d.mode() != Gizmo.Mode.SCALE) return Gizmo.drag(d, mouseX, mouseY);
        // scale by the ratio of the pointer's distances from the pivot on screen, as Blender does
        double[] c = d.view().project(d.pivot());
        if (c == null) return d.start();
        double r0 = Math.hypot(d.startX() - c[0], d.startY() - c[1]), r1 = Math.hypot(mouseX - c[0], mouseY - c[1]);
        if (r0 < 4) return Gizmo.drag(d, mouseX, mouseY);
        float f = (float) Math.max(1e-3, r1 / r0);
        Vec3 s = d.start().scale();
        Vec3 scaled = switch (d.handle()) {
            case X -> new Vec3(s.x() * f, s.y(), s.z());
            case Y -> new Vec3(s.x(), s.y() * f, s.z());
            case Z -> new Vec3(s.x(), s.y(), s.z() * f);
            default -> s.times(f);
        };
        return d.start().withScale(scaled);
    }

    private void show() {
        try {
            session.preview(TransformEdits.set(active.node(), current(), session.time()));
        } catch (IllegalArgumentException e) {
            // a value that makes no valid transform (a zero scale): keep showing the last valid one
        }
    }

    private boolean insideViewport(MouseEvent e) {
        for (javafx.scene.Node n = e.getPickResult().getIntersectedNode(); n != null; n = n.getParent()) {
            if (n == viewport) return true;
        }
        return false;
    }

    void confirm() {
        if (active == null) return;
        GroupNode node = active.node();
        Trs trs = current();
        active = null;
        try {
            session.commit(TransformEdits.set(node, trs, session.time()));
        } catch (IllegalArgumentException e) {
            session.cancelPreview();
        }
    }

    void cancel() {
        if (active == null) return;
        active = null;
        session.cancelPreview();
    }
}
