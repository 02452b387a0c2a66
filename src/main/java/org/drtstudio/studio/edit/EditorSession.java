package org.drtstudio.studio.edit;

import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.SceneDocument;
import org.drtstudio.scene.edit.SetRenderSettings;
import org.drtstudio.studio.measure.FxHeartbeat;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The studio's editing state around the {@link SceneDocument}: the selection, the time shown, the
 * preview's options, the file the document belongs to, and a <em>live edit</em> — the edit a drag
 * (gizmo, slider, camera orbit) is showing before the mouse is released. Dragging shows each step
 * through {@link #preview}, releasing records one undoable step with {@link #commit}, so a long drag
 * is one entry in the history and undo returns the exact transform from before it. FX thread only.
 */
public final class EditorSession {
    public final SceneDocument document;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private Edit liveEdit;
    private int selected = -1;
    /** The light selected (its index), or -1; a light and a node are never selected together. */
    private int selectedLight = -1;
    /** Whether the camera (its focus plane in the view, its row in the tree) is selected; exclusive like a light. */
    private boolean cameraSelected;
    private double time;
    private boolean motionBlur;
    private Path file;
    private final java.util.Set<Integer> hidden = new java.util.HashSet<>();

    /**
     * What changed in the shown model since the viewport last asked ({@link #takeShownChanges}):
     * the change kinds of the document's snapshots, of live drag steps and of view settings, so the
     * preview redoes only what they touch.
     */
    private final Set<Change> shownChanges = EnumSet.allOf(Change.class);

    /** The document's model as of its last snapshot: what an edit's changes are judged against. */
    private SceneModel lastModel;

    public EditorSession(SceneModel model) {
        this.document = new SceneDocument(model);
        this.lastModel = model;
        document.addListener(snapshot -> {
            if (!movesNothingShown(lastModel, snapshot.model(), snapshot.changes())) shownChanges.addAll(snapshot.changes());
            lastModel = snapshot.model();
            if (selectedLight >= snapshot.model().lights().size()) selectedLight = -1; // deleted, or undone
            if (!holdNotices) fire();
        });
    }

    /**
     * Whether an edit changed only the animation's timing (frame rate, frame range) in a way the
     * picture at the current time does not show: the time shown is in seconds, so only motion blur,
     * whose shutter is open for a fraction of a frame, sees the frame rate. The preview then keeps
     * its samples (issue 39: changing the fps field took a view from 256 samples to 13).
     */
    private boolean movesNothingShown(SceneModel before, SceneModel after, Set<Change> changes) {
        if (!changes.equals(Set.of(Change.ANIMATION)) || !before.withAnimation(after.animation()).equals(after)) return false;
        var a = before.animation();
        var b = after.animation();
        return !motionBlur || (a.shutterOpenTime(time) == b.shutterOpenTime(time) && a.shutterCloseTime(time) == b.shutterCloseTime(time));
    }

    /** The change kinds since the last call, cleared by it. */
    public Set<Change> takeShownChanges() {
        Set<Change> out = shownChanges.isEmpty() ? Set.of() : EnumSet.copyOf(shownChanges);
        shownChanges.clear();
        return out;
    }

    /** Adds what the live edit changes (or changed): showing, replacing or dropping it changes that in the shown model. */
    private void noteLiveEdit(Edit edit) {
        if (edit == null) return;
        try {
            shownChanges.addAll(edit.apply(document.model()).changes());
        } catch (IllegalArgumentException e) {
            shownChanges.addAll(EnumSet.allOf(Change.class)); // unknown: redo everything
        }
    }

    /** What the viewport shows: the document's model with the live edit, if any, applied. */
    public SceneModel shownModel() {
        SceneModel m = document.model();
        if (liveEdit != null) {
            try {
                m = liveEdit.apply(m).model();
            } catch (IllegalArgumentException e) {
                // a drag value that makes no valid model (e.g. a zero scale) shows the last valid state
            }
        }
        for (int id : hidden) {
            if (id != m.root().id() && m.node(id).isPresent()) m = new org.drtstudio.scene.edit.RemoveNode(id).apply(m).model();
        }
        return m;
    }

    /** Hidden nodes are left out of the viewport only (not saved, still exported): a view setting. */
    public boolean isHidden(int id) {
        return hidden.contains(id);
    }

    public void setHidden(int id, boolean hide) {
        if (hide ? hidden.add(id) : hidden.remove(id)) {
            shownChanges.add(Change.GEOMETRY);
            fire();
        }
    }

    /** Shows {@code edit} without recording it; the next preview, commit or cancel replaces it. */
    public void preview(Edit edit) {
        noteLiveEdit(liveEdit);
        noteLiveEdit(edit);
        liveEdit = edit;
        long t0 = System.nanoTime();
        for (Runnable r : viewListeners) r.run();
        if (monitor != null) monitor.handlerRan(System.nanoTime() - t0);
    }

    /**
     * Records {@code edit} as one undoable step and ends any live edit.
     *
     * @throws IllegalArgumentException with a user-facing message when it cannot apply
     */
    public Set<?> commit(Edit edit) {
        return commitThen(edit, () -> { });
    }

    /**
     * {@link #commit(Edit)}, then selects node {@code nodeId} (-1: nothing): an import, an added,
     * grouped or deleted node. When the edit cannot apply, the selection stays as it was.
     *
     * @throws IllegalArgumentException with a user-facing message when it cannot apply
     */
    public Set<?> commit(Edit edit, int nodeId) {
        return commitThen(edit, () -> {
            selected = nodeId;
            selectedLight = -1;
            cameraSelected = false;
        });
    }

    /**
     * Runs the edit and then {@code afterwards} (only when it applied) with the listeners told once,
     * at the end: each notice re-lays out the inspector and the scene tree on the FX thread, and an
     * import told them three times (the document's notice, the commit's, the selection's) stalled
     * the FX thread for 94 ms on the 2-core machine.
     */
    private Set<?> commitThen(Edit edit, Runnable afterwards) {
        noteLiveEdit(liveEdit);
        liveEdit = null;
        holdNotices = true;
        try {
            Set<?> changed = document.execute(edit);
            afterwards.run();
            return changed;
        } finally {
            holdNotices = false;
            fire(); // also when nothing changed: the live edit has ended
        }
    }

    /** Set while a commit runs: the document's change notice waits for the commit's one. */
    private boolean holdNotices;

    public void cancelPreview() {
        if (liveEdit == null) return;
        noteLiveEdit(liveEdit);
        liveEdit = null;
        fire();
    }

    public boolean hasLiveEdit() {
        return liveEdit != null;
    }

    public boolean undo() {
        return stepSelectingWhatReturns(document::undo);
    }

    public boolean redo() {
        return stepSelectingWhatReturns(document::redo);
    }

    /**
     * Undoes or redoes one step; a node the step brings back (an undone Delete, a redone import) is
     * selected, the highest of them, as it was when it went (a usability pass found an undone Delete
     * leaving nothing selected).
     */
    private boolean stepSelectingWhatReturns(java.util.function.BooleanSupplier step) {
        noteLiveEdit(liveEdit);
        liveEdit = null;
        Set<Integer> had = new java.util.HashSet<>();
        for (var n : document.model().nodes()) had.add(n.id());
        if (!step.getAsBoolean()) return false;
        document.model().nodes().stream().filter(n -> !had.contains(n.id())).findFirst().ifPresent(n -> select(n.id()));
        return true;
    }

    /** Replaces the document's model (New, Open); selection and live edit are cleared. */
    public void open(SceneModel model, Path newFile) {
        liveEdit = null;
        hidden.clear();
        selected = -1;
        selectedLight = -1;
        cameraSelected = false;
        file = newFile;
        document.open(model);
    }

    /** Restored work: shown like {@link #open} but unsaved, belonging to no file. */
    public void openUnsaved(SceneModel model) {
        liveEdit = null;
        selected = -1;
        selectedLight = -1;
        cameraSelected = false;
        file = null;
        document.openUnsaved(model);
    }

    public int selected() {
        return selected;
    }

    public void select(int nodeId) {
        if (nodeId == selected && selectedLight < 0 && !cameraSelected) return;
        selected = nodeId;
        selectedLight = -1;
        cameraSelected = false;
        fire();
    }

    /** The selected light's index, or -1. */
    public int selectedLight() {
        return selectedLight;
    }

    /** Selects light {@code index} (its row, its editor, its gizmo in the view); the node selection is cleared. */
    public void selectLight(int index) {
        if (index == selectedLight && selected < 0 && !cameraSelected) return;
        selectedLight = index;
        selected = -1;
        cameraSelected = false;
        fire();
    }

    public boolean cameraSelected() {
        return cameraSelected;
    }

    /** Selects the camera: its row, and its focus plane in the view (drawn and dragged while the lens is open). */
    public void selectCamera() {
        if (cameraSelected) return;
        cameraSelected = true;
        selected = -1;
        selectedLight = -1;
        fire();
    }

    public double time() {
        return time;
    }

    public void setTime(double t) {
        if (t == time) return;
        time = t;
        shownChanges.add(Change.ANIMATION); // the scene and camera are evaluated at the new time
        fire();
    }

    public boolean motionBlur() {
        return motionBlur;
    }

    public void setMotionBlur(boolean on) {
        if (on == motionBlur) return;
        motionBlur = on;
        shownChanges.add(Change.ANIMATION); // the shutter interval is packed
        fire();
    }

    /** The pixel filter: a render setting of the project, so it is saved with it and its change is one undo step. */
    public PixelFilter filter() {
        return document.model().settings().filter();
    }

    public void setFilter(PixelFilter f) {
        if (f == null || f == filter()) return;
        commit(new SetRenderSettings(document.model().settings().withFilter(f)));
    }

    public Path file() {
        return file;
    }

    public void setFile(Path f) {
        file = f;
        fire();
    }

    /** Called after every change of the document or of this state, except the steps of a live edit. */
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    /**
     * Called after every change, live drag steps included: for what shows the live edit (the
     * viewport). Panels use {@link #addListener}, which skips drag steps, so a drag costs the FX
     * thread only the viewport's reaction.
     */
    public void addViewListener(Runnable listener) {
        viewListeners.add(listener);
    }

    private final List<Runnable> viewListeners = new CopyOnWriteArrayList<>();

    private void fire() {
        long t0 = System.nanoTime();
        for (Runnable r : viewListeners) r.run();
        for (Runnable r : listeners) r.run();
        if (monitor != null) monitor.handlerRan(System.nanoTime() - t0);
    }

    private FxHeartbeat monitor;

    /** Reports how long the listeners of each change take (the UI's reaction to an edit). */
    public void monitor(FxHeartbeat heartbeat) {
        monitor = heartbeat;
    }
}
