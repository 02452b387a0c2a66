package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/** Removes the camera key at exactly {@code time}. */
public record RemoveCameraKey(double time) implements Edit {
    @Override
    public String label(SceneModel before) {
        return "Remove camera key at " + time + " s";
    }

    @Override
    public Result apply(SceneModel model) {
        if (model.cameraTrack().keyAt(time).isEmpty()) throw new IllegalArgumentException("the camera has no key at time " + time);
        return new Result(model.withCameraTrack(model.cameraTrack().withoutKey(time)), Set.of(Change.ANIMATION, Change.CAMERA));
    }
}
