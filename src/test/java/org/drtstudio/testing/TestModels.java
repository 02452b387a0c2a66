package org.drtstudio.testing;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.TextureWrap;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Track;
import org.drtstudio.scene.authored.TransformTracks;
import org.drtstudio.scene.authored.Trs;

import java.util.ArrayList;
import java.util.List;

/** Authored models for tests, built in code. */
public final class TestModels {
    private TestModels() {
    }

    public static final Material RED = Material.named("red").ambient(new Vec3(0.1f, 0, 0))
            .diffuse(new Vec3(0.8f, 0.1f, 0.1f)).specular(new Vec3(0.3f, 0.3f, 0.3f)).phongExponent(20)
            .reflectivity(0.1f).build();
    public static final Camera CAMERA = new Camera(new Vec3(0, 2, 8), Vec3.ZERO, new Vec3(0, 1, 0), 40, 0, 0);

    /**
     * Every feature at least once: nested animated groups with a pivot, a mesh instanced under two
     * groups, spheres, camera keys, a textured material, a rough bump-mapped clamped one, a spherical and a
     * rectangular light, and (when {@code model} is given) a model
     * leaf placing it after the two own materials.
     */
    public static SceneModel rich(ModelAsset model) {
        List<Material> materials = new ArrayList<>(List.of(Material.DEFAULT, RED.withName("red \"quoted\" ünïcode")));
        materials.set(1, Material.named(materials.get(1).name()).ambient(RED.ambient()).diffuse(RED.diffuse())
                .specular(RED.specular()).phongExponent(7.25f).reflectivity(0.3f).transparency(0.2f).ior(1.33f)
                .absorption(new Vec3(0.01f, 0.02f, 0.03f)).diffuseTexture("textures/wood.png").build());
        materials.add(Material.named("rough bumpy").ambient(RED.ambient()).diffuse(RED.diffuse())
                .specular(RED.specular()).phongExponent(20f).reflectivity(0.5f).diffuseTexture("textures/wood.png")
                .roughness(0.35f).bump("textures/bumps.png", -2.5f).textureWrap(TextureWrap.CLAMP).build());
        TriangleMesh quad = TestScenes.floor(0, 1, 1);
        Vec3 y = new Vec3(0, 1, 0);
        TransformTracks spin = new TransformTracks(
                Track.of(Key.linear(0, new Vec3(0, 0, 0)), Key.eased(1.5, new Vec3(1, 0.1f, -2))),
                Track.of(Key.linear(0, Quat.IDENTITY), Key.linear(1, Quat.axisAngle(y, 120)), Key.eased(2, Quat.axisAngle(y, 240))),
                Track.of(Key.eased(0, Vec3.ONE), Key.linear(2, new Vec3(2, 0.5f, 1e-3f))));
        GroupNode a = new GroupNode(2, "a", new Trs(new Vec3(1, 2, 3), Quat.axisAngle(new Vec3(1, 1, 0), 33), new Vec3(1, 2, 0.5f),
                new Vec3(0.5f, 0, -0.25f)), spin, List.of(new MeshLeaf(3, "quad in a", quad)));
        GroupNode b = new GroupNode(4, "b", Trs.translation(new Vec3(-3, 0, 0)), TransformTracks.NONE, List.of(
                new MeshLeaf(5, "quad in b", quad),
                new SpheresLeaf(6, "balls", List.of(new Sphere(new Vec3(0, 1, 0), 0.5f, 0), new Sphere(new Vec3(1e-7f, -2.5e12f, 3), 1.75f, 1)))));
        List<AuthoredNode> top = new ArrayList<>(List.of(GroupNode.of(1, "outer", List.of(a)), b));
        if (model != null) {
            top.add(new ModelLeaf(7, "model", model, materials.size()));
            materials.addAll(model.materials());
        }
        GroupNode root = GroupNode.of(0, "root", top);
        Track<Camera> cameraKeys = Track.of(Key.eased(0, CAMERA),
                Key.linear(2, new Camera(new Vec3(4, 3, 6), new Vec3(0, 1, 0), y, 55, 0.05f, 7)));
        RenderSettings settings = new RenderSettings(64, 48, 2, 6, 1234567890123L, new Vec3(0.1f, 0.2f, 0.3f),
                new Vec3(0.05f, 0.05f, 0.05f), 1, 0.25f, 0.0625f, PixelFilter.TENT);
        return new SceneModel("rich", root, materials,
                List.of(new SphereLight(new Vec3(5, 9, 7), new Vec3(1, 0.9f, 0.8f), 0.75f, 0.2f),
                        new RectLight(new Vec3(0, 4, 0), Vec3.ONE, 0.5f, new Vec3(1, 0, 0), new Vec3(0, 0, 0.5f))),
                CAMERA, cameraKeys, settings,
                new AnimationSettings(30, 2, 90, -0.25, 0.25));
    }
}
