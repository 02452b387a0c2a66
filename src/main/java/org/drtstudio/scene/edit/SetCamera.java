package org.drtstudio.scene.edit;

import org.drtstudio.scene.Camera;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/** Sets the unanimated camera (the one used while the camera has no keys). */
public record SetCamera(Camera camera) implements Edit {
    public SetCamera {
        if (camera == null) throw new IllegalArgumentException("no camera given");
    }

    /** Names what changed, so Undo says "Undo Set aperture" after a lens edit rather than "Move camera". */
    @Override
    public String label(SceneModel before) {
        Camera b = before.camera();
        if (!b.eye().equals(camera.eye()) || !b.look().equals(camera.look()) || !b.up().equals(camera.up())) return "Move camera";
        boolean fov = b.fovY() != camera.fovY(), aperture = b.aperture() != camera.aperture(), focus = b.focusDistance() != camera.focusDistance();
        if (fov && !aperture && !focus) return "Set field of view";
        if (aperture && !fov && !focus) return "Set aperture";
        if (focus && !fov && !aperture) return "Set focus distance";
        return fov || aperture || focus ? "Set camera lens" : "Move camera";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withCamera(camera), Set.of(Change.CAMERA));
    }
}
