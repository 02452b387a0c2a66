package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SceneSnapshot;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The open scene: the current {@link SceneModel}, the undo and redo history, the listeners and
 * whether there are unsaved changes. Not thread-safe: one thread (the studio's FX thread) edits it;
 * other threads get the immutable snapshots it publishes.
 *
 * <p>Each history step keeps the model before and after, so undo and redo put back the very same
 * objects: exact, whatever the edit. Models share unchanged parts, so a step costs little more
 * than the path from the root to what changed.
 */
public final class SceneDocument {
    /** Steps kept for undo; the oldest are forgotten beyond this. */
    public static final int HISTORY_LIMIT = 1000;

    private record Step(String label, SceneModel before, long beforeState, SceneModel after, long afterState,
                        Set<Change> changes) {
    }

    private final Deque<Step> undo = new ArrayDeque<>();
    private final Deque<Step> redo = new ArrayDeque<>();
    private final List<SceneListener> listeners = new CopyOnWriteArrayList<>();
    private SceneModel model;
    /** Identifies the current state; a new one per edit, restored by undo and redo. */
    private long state;
    private long nextState = 1;
    private long savedState;
    private long revision;

    /** A document showing {@code model}, with no history and nothing unsaved. */
    public SceneDocument(SceneModel model) {
        if (model == null) throw new IllegalArgumentException("a document needs a model");
        this.model = model;
    }

    public SceneModel model() {
        return model;
    }

    /** The current model as the last published snapshot numbers it (changes empty). */
    public SceneSnapshot snapshot() {
        return new SceneSnapshot(model, Set.of(), revision);
    }

    /**
     * Applies {@code edit}, records it for undo (clearing redo) and tells the listeners. An edit
     * whose result equals the current model is not recorded and publishes nothing.
     *
     * @return what changed
     * @throws IllegalArgumentException when the edit cannot apply; the document is unchanged
     */
    public Set<Change> execute(Edit edit) {
        Edit.Result result = edit.apply(model);
        if (result.model().equals(model)) return Set.of();
        long newState = nextState++;
        undo.push(new Step(edit.label(model), model, state, result.model(), newState, result.changes()));
        if (undo.size() > HISTORY_LIMIT) undo.removeLast();
        redo.clear();
        move(result.model(), newState, result.changes());
        return result.changes();
    }

    public boolean canUndo() {
        return !undo.isEmpty();
    }

    public boolean canRedo() {
        return !redo.isEmpty();
    }

    /** The label of the step {@link #undo()} would take back, e.g. "Rename 'Teapot'". */
    public Optional<String> undoLabel() {
        return canUndo() ? Optional.of(undo.peek().label()) : Optional.empty();
    }

    public Optional<String> redoLabel() {
        return canRedo() ? Optional.of(redo.peek().label()) : Optional.empty();
    }

    /** Restores the model before the last edit; false when there is nothing to undo. */
    public boolean undo() {
        if (undo.isEmpty()) return false;
        Step step = undo.pop();
        redo.push(step);
        move(step.before(), step.beforeState(), step.changes());
        return true;
    }

    /** Restores the model after the last undone edit; false when there is nothing to redo. */
    public boolean redo() {
        if (redo.isEmpty()) return false;
        Step step = redo.pop();
        undo.push(step);
        move(step.after(), step.afterState(), step.changes());
        return true;
    }

    /** Whether the model differs from the one last saved (or opened); undoing back to it makes it clean. */
    public boolean isDirty() {
        return state != savedState;
    }

    /** Records that the current model has been saved. */
    public void markSaved() {
        savedState = state;
    }

    /**
     * Replaces the whole model (a project was opened): history is cleared, nothing is unsaved, and
     * listeners get a snapshot with every change kind.
     */
    public void open(SceneModel newModel) {
        replace(newModel, true);
    }

    /**
     * Like {@link #open}, but the model counts as unsaved (e.g. work restored from an autosave,
     * which exists in no file the user chose).
     */
    public void openUnsaved(SceneModel newModel) {
        replace(newModel, false);
    }

    /** The saved state is set before listeners hear of the new model, so they see whether it is unsaved. */
    private void replace(SceneModel newModel, boolean saved) {
        if (newModel == null) throw new IllegalArgumentException("a document needs a model");
        undo.clear();
        redo.clear();
        long newState = nextState++;
        savedState = saved ? newState : -1;
        move(newModel, newState, EnumSet.allOf(Change.class));
    }

    public void addListener(SceneListener listener) {
        listeners.add(listener);
    }

    public void removeListener(SceneListener listener) {
        listeners.remove(listener);
    }

    private void move(SceneModel newModel, long newState, Set<Change> changes) {
        model = newModel;
        state = newState;
        SceneSnapshot snapshot = new SceneSnapshot(newModel, changes, ++revision);
        // Every listener hears of the change even if one fails; the first failure is rethrown after.
        RuntimeException failure = null;
        for (SceneListener l : listeners) {
            try {
                l.sceneChanged(snapshot);
            } catch (RuntimeException e) {
                if (failure == null) failure = e;
                else failure.addSuppressed(e);
            }
        }
        if (failure != null) throw failure;
    }
}
