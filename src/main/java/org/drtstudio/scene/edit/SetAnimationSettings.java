package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/** Replaces frame rate, frame range and shutter. */
public record SetAnimationSettings(AnimationSettings animation) implements Edit {
    public SetAnimationSettings {
        if (animation == null) throw new IllegalArgumentException("no animation settings given");
    }

    @Override
    public String label(SceneModel before) {
        return "Animation settings";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withAnimation(animation), Set.of(Change.ANIMATION));
    }
}
