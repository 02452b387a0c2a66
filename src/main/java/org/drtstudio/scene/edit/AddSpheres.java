package org.drtstudio.scene.edit;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Adds a set of spheres with materials of their own (the Add menu's random spheres) as one undoable
 * step: {@code materials} are appended to the scene's, and a group named {@code name} (id
 * {@link SceneModel#nextId()} of the model before) at {@code placement} holds one spheres leaf (the
 * next id) whose sphere with material index i uses the i-th of {@code materials}.
 */
public record AddSpheres(int parentId, String name, Trs placement, List<Sphere> spheres, List<Material> materials) implements Edit {
    public AddSpheres {
        if (name == null || spheres == null || materials == null || spheres.isEmpty()) {
            throw new IllegalArgumentException("adding spheres needs a name, spheres and their materials");
        }
        for (Sphere s : spheres) {
            if (s.material() < 0 || s.material() >= materials.size()) {
                throw new IllegalArgumentException("sphere material " + s.material() + " is not one of the " + materials.size() + " given");
            }
        }
        spheres = List.copyOf(spheres);
        materials = List.copyOf(materials);
        if (placement == null) placement = Trs.IDENTITY;
    }

    @Override
    public String label(SceneModel before) {
        return "Add '" + name + "'";
    }

    @Override
    public Result apply(SceneModel model) {
        int groupId = model.nextId();
        int offset = model.materials().size();
        List<Material> all = new ArrayList<>(model.materials());
        all.addAll(materials);
        List<Sphere> placed = new ArrayList<>(spheres.size());
        for (Sphere s : spheres) placed.add(new Sphere(s.center(), s.radius(), s.material() + offset));
        GroupNode group = GroupNode.of(groupId, name, List.of(new SpheresLeaf(groupId + 1, name, placed))).withTransform(placement);
        SceneModel after = model.withMaterials(all).withRoot(Graph.insert(model.root(), parentId, -1, group));
        return new Result(after, Set.of(Change.GEOMETRY, Change.MATERIAL));
    }
}
