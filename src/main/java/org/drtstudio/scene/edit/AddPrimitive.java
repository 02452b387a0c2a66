package org.drtstudio.scene.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Adds a primitive (the Add menu) as one undoable step: a material of its own, appended to the
 * scene's so it can be edited without touching other objects, and a group named {@code name} (id
 * {@link SceneModel#nextId()} of the model before) at {@code placement}, holding the shape (the
 * next id) in unit size: a sphere of radius 1, a cube from −1 to 1, or a ground plane from −1 to 1
 * in x and z facing up. The group's transform sizes and places it, so it moves like an import.
 */
public record AddPrimitive(int parentId, Shape shape, String name, Trs placement, Material material) implements Edit {
    public enum Shape { SPHERE, BOX, PLANE }

    public AddPrimitive {
        if (shape == null || name == null || material == null) throw new IllegalArgumentException("a primitive needs a shape, a name and a material");
        if (placement == null) placement = Trs.IDENTITY;
    }

    @Override
    public String label(SceneModel before) {
        return "Add '" + name + "'";
    }

    @Override
    public Result apply(SceneModel model) {
        int groupId = model.nextId();
        List<Material> materials = new ArrayList<>(model.materials());
        int mat = materials.size();
        materials.add(material);
        AuthoredNode leaf = switch (shape) {
            case SPHERE -> new SpheresLeaf(groupId + 1, name, List.of(new Sphere(Vec3.ZERO, 1, mat)));
            case BOX -> new MeshLeaf(groupId + 1, name, box(name, mat));
            case PLANE -> new MeshLeaf(groupId + 1, name, plane(name, mat));
        };
        GroupNode group = GroupNode.of(groupId, name, List.of(leaf)).withTransform(placement);
        SceneModel after = model.withMaterials(materials).withRoot(Graph.insert(model.root(), parentId, -1, group));
        return new Result(after, Set.of(Change.GEOMETRY, Change.MATERIAL));
    }

    /** A cube from −1 to 1: four vertices per face so each face has its own flat normal. */
    static TriangleMesh box(String name, int material) {
        float[] positions = new float[6 * 4 * 3], normals = new float[6 * 4 * 3];
        int[] indices = new int[6 * 6], materials = new int[12];
        int v = 0, t = 0;
        for (int axis = 0; axis < 3; axis++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                int u = (axis + 1) % 3, w = (axis + 2) % 3;
                // corners in counter-clockwise order seen from outside: swap the winding on the negative side
                float[][] uv = sign > 0 ? new float[][]{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} : new float[][]{{-1, -1}, {-1, 1}, {1, 1}, {1, -1}};
                int base = v;
                for (float[] c : uv) {
                    positions[3 * v + axis] = sign;
                    positions[3 * v + u] = c[0];
                    positions[3 * v + w] = c[1];
                    normals[3 * v + axis] = sign;
                    v++;
                }
                int[] quad = {base, base + 1, base + 2, base, base + 2, base + 3};
                System.arraycopy(quad, 0, indices, 6 * t, 6);
                materials[2 * t] = material;
                materials[2 * t + 1] = material;
                t++;
            }
        }
        return new TriangleMesh(name, positions, normals, null, indices, materials);
    }

    /** A square from −1 to 1 in x and z at y = 0, facing +y. */
    static TriangleMesh plane(String name, int material) {
        float[] positions = {-1, 0, -1, -1, 0, 1, 1, 0, 1, 1, 0, -1};
        float[] normals = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        return new TriangleMesh(name, positions, normals, null, new int[]{0, 1, 2, 0, 2, 3}, new int[]{material, material});
    }
}
