package org.drtstudio.scene.edit;

import org.drtstudio.scene.Camera;
import org.drtstudio.scene.anim.Change;
import org.drtstudio.scene.anim.SceneModel;

import java.util.Set;

/** Sets the unanimated camera (the one used while the camera has no keys). */
public record SetCamera(Camera camera) implements Edit {
    public SetCamera {
        if (camera == null) throw new IllegalArgumentException("no camera given");
    }

    @Override
    public String label(SceneModel before) {
        return "Move camera";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withCamera(camera), Set.of(Change.CAMERA));
    }
}
