package org.drtstudio.scene.edit;

import org.drtstudio.scene.Light;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Inserts a light at {@code index} (−1: last). */
public record AddLight(int index, Light light) implements Edit {
    public AddLight {
        if (light == null) throw new IllegalArgumentException("no light given");
    }

    @Override
    public String label(SceneModel before) {
        return "Add light";
    }

    @Override
    public Result apply(SceneModel model) {
        List<Light> list = new ArrayList<>(model.lights());
        int at = index < 0 ? list.size() : index;
        Lights.checkIndex(at, list, 1);
        list.add(at, light);
        return new Result(model.withLights(list), Set.of(Change.LIGHTS));
    }
}
