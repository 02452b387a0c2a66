package org.drtstudio.scene.edit;

import org.drtstudio.scene.Light;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Replaces light {@code index}. */
public record SetLight(int index, Light light) implements Edit {
    public SetLight {
        if (light == null) throw new IllegalArgumentException("no light given");
    }

    @Override
    public String label(SceneModel before) {
        return "Edit light " + index;
    }

    @Override
    public Result apply(SceneModel model) {
        List<Light> list = new ArrayList<>(model.lights());
        Lights.checkIndex(index, list, 0);
        list.set(index, light);
        return new Result(model.withLights(list), Set.of(Change.LIGHTS));
    }
}
