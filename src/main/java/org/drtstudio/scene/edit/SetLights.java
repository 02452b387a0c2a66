package org.drtstudio.scene.edit;

import org.drtstudio.scene.Light;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.List;
import java.util.Set;

/**
 * Replaces the whole light list in one step, e.g. the studio's soft-shadow slider, which sets the
 * radius of every light at once and must undo as one action.
 */
public record SetLights(String label, List<Light> lights) implements Edit {
    public SetLights {
        if (label == null || lights == null) throw new IllegalArgumentException("a light edit needs a label and lights");
        lights = List.copyOf(lights);
    }

    @Override
    public String label(SceneModel before) {
        return label;
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withLights(lights), Set.of(Change.LIGHTS));
    }
}
