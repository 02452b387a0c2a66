package org.drtstudio.scene.edit;

import org.drtstudio.scene.Camera;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/** Sets a camera key (replacing one at the same time). Once the camera has keys they define it. */
public record SetCameraKey(Key<Camera> key) implements Edit {
    public SetCameraKey {
        if (key == null) throw new IllegalArgumentException("no key given");
    }

    @Override
    public String label(SceneModel before) {
        return "Key camera at " + key.time() + " s";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withCameraTrack(model.cameraTrack().withKey(key)), Set.of(Change.ANIMATION, Change.CAMERA));
    }
}
