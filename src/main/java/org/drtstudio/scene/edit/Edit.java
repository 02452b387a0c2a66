package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/**
 * One user action on the document, as a pure function from the model before to the model after.
 * Undo and redo restore the stored before/after models, so they are exact by construction; edits
 * only have to compute the new model and say what kind of change it is.
 *
 * <p>An edit that cannot apply (unknown node, a cycle, an index out of range, an invalid value)
 * throws {@link IllegalArgumentException} with a message for the user, and changes nothing.
 */
public sealed interface Edit permits AddNode, RemoveNode, Reparent, Rename, SetTransform, SetNodeKey, RemoveNodeKey,
        SetCameraKey, RemoveCameraKey, SetMaterial, AddLight, SetLight, RemoveLight, SetCamera, SetRenderSettings,
        SetAnimationSettings, ImportModel, SetLights, KeyTransform, GroupNodes, Ungroup, AddPrimitive,
        AddSpheres {

    /** Short name for the undo menu, e.g. "Rename 'Teapot'". */
    String label(SceneModel before);

    Result apply(SceneModel model);

    /** The model after an edit and what changed. */
    record Result(SceneModel model, Set<Change> changes) {
        public Result {
            changes = Set.copyOf(changes);
        }
    }

    /** The display name of node {@code id} in {@code model}, for labels. */
    static String nameOf(SceneModel model, int id) {
        return model.node(id).map(n -> "'" + n.name() + "'").orElse("node " + id);
    }
}
