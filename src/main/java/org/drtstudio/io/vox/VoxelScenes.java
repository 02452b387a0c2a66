package org.drtstudio.io.vox;

import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.voxel.VoxelMesher;
import org.drtstudio.scene.voxel.VoxelModel;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Voxel models as a scene: each model's exposed faces become one mesh (built once, so a model
 * placed twice is one mesh under two transforms: an instance), with the palette entries its
 * voxels use as the scene's materials; a camera that frames it all and a light above the camera.
 */
public final class VoxelScenes {
    /** A model placed in the scene: {@code transform} from the model's space to the scene's, or null for none. */
    public record Placement(VoxelModel model, Matrix4fc transform) {
    }

    private VoxelScenes() {
    }

    /** One model, untransformed. */
    public static Scene of(String name, VoxelModel model) {
        return of(name, List.of(new Placement(model, null)));
    }

    public static Scene of(String name, List<Placement> placements) {
        List<Material> materials = new ArrayList<>();
        Map<Material, Integer> materialIndex = new HashMap<>();
        Map<VoxelModel, TriangleMesh> meshes = new IdentityHashMap<>();
        List<SceneNode> children = new ArrayList<>();
        int part = 0;
        for (Placement p : placements) {
            TriangleMesh mesh = meshes.get(p.model());
            if (mesh == null) {
                int[] materialOfPalette = new int[VoxelModel.PALETTE_SIZE];
                boolean[] used = usedEntries(p.model());
                for (int i = 1; i < used.length; i++) {
                    if (!used[i]) continue;
                    Material m = p.model().palette().get(i);
                    materialOfPalette[i] = materialIndex.computeIfAbsent(m, key -> {
                        materials.add(key);
                        return materials.size() - 1;
                    });
                }
                mesh = VoxelMesher.mesh(p.model().name(), p.model().space(), materialOfPalette);
                meshes.put(p.model(), mesh);
            }
            MeshNode leaf = new MeshNode(p.model().name(), mesh);
            children.add(p.transform() == null ? leaf
                    : new TransformNode(p.model().name() + " #" + part, new Matrix4f(p.transform()), List.of(leaf)));
            part++;
        }
        if (materials.isEmpty()) materials.add(Material.DEFAULT);
        TransformNode root = TransformNode.group(name, children);
        Aabb bounds = SceneFraming.bounds(root);
        Camera camera = SceneFraming.frame(bounds, 45f);
        float radius = bounds.isEmpty() ? 1f : Math.max(1f, bounds.extent().length() * 0.5f);
        Vec3 lightPosition = camera.eye().plus(new Vec3(0, radius, 0));
        Light light = new PointLight(lightPosition, Vec3.ONE, 1f);
        return new Scene(name, root, materials, List.of(light), camera, RenderSettings.DEFAULT);
    }

    private static boolean[] usedEntries(VoxelModel model) {
        boolean[] used = new boolean[VoxelModel.PALETTE_SIZE];
        for (byte c : model.space().cells()) used[c & 0xFF] = true;
        return used;
    }
}
