package org.drtstudio.scene.edit;

import org.drtstudio.scene.Light;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Removes light {@code index}. */
public record RemoveLight(int index) implements Edit {
    @Override
    public String label(SceneModel before) {
        return "Remove light " + index;
    }

    @Override
    public Result apply(SceneModel model) {
        List<Light> list = new ArrayList<>(model.lights());
        Lights.checkIndex(index, list, 0);
        list.remove(index);
        return new Result(model.withLights(list), Set.of(Change.LIGHTS));
    }
}
