package org.drtstudio.scene.edit;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Replaces material {@code index}, or appends when {@code index} equals the material count.
 * Materials are never removed: geometry refers to them by index.
 */
public record SetMaterial(int index, Material material) implements Edit {
    public SetMaterial {
        if (material == null) throw new IllegalArgumentException("no material given");
    }

    @Override
    public String label(SceneModel before) {
        return (index == before.materials().size() ? "Add material '" : "Edit material '") + material.name() + "'";
    }

    @Override
    public Result apply(SceneModel model) {
        List<Material> list = new ArrayList<>(model.materials());
        if (index < 0 || index > list.size())
            throw new IllegalArgumentException("material index " + index + " is outside 0.." + list.size());
        if (index == list.size()) list.add(material);
        else list.set(index, material);
        return new Result(model.withMaterials(list), Set.of(Change.MATERIAL));
    }
}
