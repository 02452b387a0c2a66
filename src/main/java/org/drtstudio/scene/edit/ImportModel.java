package org.drtstudio.scene.edit;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.authored.SceneModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Brings a loaded model into the scene as one undoable step: its materials are appended to the
 * scene's, and a new group named {@code name} (id {@link SceneModel#nextId()} of the model before)
 * holding a {@link ModelLeaf} (the next id) is appended to group {@code parentId}, so the model can
 * be moved and animated at once; {@code placement} is the group's initial transform (the studio
 * scales and moves a model into view on import, in the same undoable step). To place the same model again, add another {@link ModelLeaf} with
 * the same asset and material offset: that shares its meshes.
 */
public record ImportModel(int parentId, String name, ModelAsset asset, Trs placement) implements Edit {
    public ImportModel {
        if (name == null || asset == null) throw new IllegalArgumentException("an import needs a name and a model");
        if (placement == null) placement = Trs.IDENTITY;
    }

    /** An import whose group sits at the identity transform. */
    public ImportModel(int parentId, String name, ModelAsset asset) {
        this(parentId, name, asset, Trs.IDENTITY);
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
        GroupNode group = GroupNode.of(groupId, name, List.of(leaf)).withTransform(placement);
        SceneModel after = model.withMaterials(materials).withRoot(Graph.insert(model.root(), parentId, -1, group));
        return new Result(after, Set.of(Change.GEOMETRY, Change.MATERIAL));
    }
}
