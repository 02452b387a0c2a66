package org.drtstudio.scene.edit;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.anim.Change;
import org.drtstudio.scene.anim.GroupNode;
import org.drtstudio.scene.anim.ModelAsset;
import org.drtstudio.scene.anim.ModelLeaf;
import org.drtstudio.scene.anim.SceneModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Brings a loaded model into the scene as one undoable step: its materials are appended to the
 * scene's, and a new group named {@code name} (id {@link SceneModel#nextId()} of the model before)
 * holding a {@link ModelLeaf} (the next id) is appended to group {@code parentId}, so the model can
 * be moved and animated at once. To place the same model again, add another {@link ModelLeaf} with
 * the same asset and material offset: that shares its meshes.
 */
public record ImportModel(int parentId, String name, ModelAsset asset) implements Edit {
    public ImportModel {
        if (name == null || asset == null) throw new IllegalArgumentException("an import needs a name and a model");
    }

    @Override
    public String label(SceneModel before) {
        return "Import '" + name + "'";
    }

    @Override
    public Result apply(SceneModel model) {
        int groupId = model.nextId();
        List<Material> materials = new ArrayList<>(model.materials());
        ModelLeaf leaf = new ModelLeaf(groupId + 1, name, asset, materials.size());
        materials.addAll(asset.materials());
        GroupNode group = GroupNode.of(groupId, name, List.of(leaf));
        SceneModel after = model.withMaterials(materials).withRoot(Graph.insert(model.root(), parentId, -1, group));
        return new Result(after, Set.of(Change.GEOMETRY, Change.MATERIAL));
    }
}
