package org.drtstudio.io.cfg;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.util.ArrayList;
import java.util.List;

/**
 * Combines several imported models into one scene graph with one material list: each model's
 * material indices are shifted by the number of materials before it, and its root transform
 * becomes a child of the combined root.
 */
final class ModelMerger {
    private final List<Material> materials = new ArrayList<>();
    private final List<SceneNode> roots = new ArrayList<>();

    /**
     * Adds a model (its root and materials; camera, lights and settings belong to the cfg file) and returns its root as placed in the combined scene (material indices shifted),
     * which {@link #addAgain} can place once more without copying its materials.
     */
    TransformNode add(Scene model) {
        int offset = materials.size();
        materials.addAll(model.materials());
        TransformNode placed = offset == 0 ? model.root() : shift(model.root(), offset);
        roots.add(placed);
        return placed;
    }

    /** Places an already added model a second time; meshes are shared, as the scene model allows. */
    void addAgain(TransformNode placed) {
        roots.add(placed);
    }

    List<Material> materials() {
        return materials;
    }

    List<SceneNode> roots() {
        return roots;
    }

    private static TransformNode shift(TransformNode node, int offset) {
        List<SceneNode> children = new ArrayList<>(node.children().size());
        for (SceneNode child : node.children()) children.add(shift(child, offset));
        return new TransformNode(node.name(), node.transform(), children);
    }

    private static SceneNode shift(SceneNode node, int offset) {
        if (node instanceof TransformNode t) return shift(t, offset);
        if (node instanceof MeshNode m) {
            TriangleMesh mesh = m.mesh();
            int[] shifted = mesh.triangleMaterials().clone();
            for (int i = 0; i < shifted.length; i++) shifted[i] += offset;
            return new MeshNode(m.name(), mesh.withMaterials(shifted));
        }
        SphereNode s = (SphereNode) node;
        List<Sphere> spheres = new ArrayList<>(s.spheres().size());
        for (Sphere sp : s.spheres()) spheres.add(new Sphere(sp.center(), sp.radius(), sp.material() + offset));
        return new SphereNode(s.name(), spheres);
    }
}
