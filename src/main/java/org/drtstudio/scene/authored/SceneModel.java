package org.drtstudio.scene.authored;

import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The authored scene, as the editor holds it and project files store it: a graph of named transform
 * nodes with keyframes over meshes, spheres and imported models, plus materials, lights, the camera
 * (and its keyframes), render settings and animation timing. Immutable; each edit makes a new one
 * that shares every unchanged part with the old.
 *
 * <p>{@link #at(double)} evaluates it into the static {@link Scene} renderers consume.
 *
 * @param camera      the camera while {@code cameraTrack} has no keys
 * @param cameraTrack camera keyframes; when it has keys they alone define the camera
 */
public record SceneModel(String name, GroupNode root, List<Material> materials, List<Light> lights,
                         Camera camera, Track<Camera> cameraTrack, RenderSettings settings,
                         AnimationSettings animation) implements AnimatedScene {
    public SceneModel {
        if (name == null) name = "untitled";
        if (root == null || camera == null || settings == null)
            throw new IllegalArgumentException("a scene model needs a root, a camera and render settings");
        if (cameraTrack == null) cameraTrack = Track.empty();
        if (animation == null) animation = AnimationSettings.DEFAULT;
        materials = List.copyOf(materials);
        lights = List.copyOf(lights);
        if (materials.isEmpty()) throw new IllegalArgumentException("a scene needs at least one material");
        checkNodes(root, materials.size());
    }

    /** A model without animation. */
    public static SceneModel of(String name, GroupNode root, List<Material> materials, List<Light> lights,
                                Camera camera, RenderSettings settings) {
        return new SceneModel(name, root, materials, lights, camera, Track.empty(), settings, AnimationSettings.DEFAULT);
    }

    /** Ids are unique, and every model leaf's materials lie inside the material list. */
    private static void checkNodes(GroupNode root, int materialCount) {
        Set<Integer> ids = new HashSet<>();
        List<AuthoredNode> stack = new ArrayList<>(List.of(root));
        while (!stack.isEmpty()) {
            AuthoredNode n = stack.remove(stack.size() - 1);
            if (!ids.add(n.id())) throw new IllegalArgumentException("node id " + n.id() + " is used twice (node '" + n.name() + "')");
            if (n instanceof GroupNode g) stack.addAll(g.children());
            if (n instanceof ModelLeaf m && m.materialOffset() + m.asset().materials().size() > materialCount)
                throw new IllegalArgumentException("model '" + m.name() + "' needs materials " + m.materialOffset() + ".."
                        + (m.materialOffset() + m.asset().materials().size() - 1) + " but the scene has " + materialCount);
        }
    }

    @Override
    public Scene at(double time) {
        return SceneEvaluator.evaluate(this, time);
    }

    /** The camera at {@code time}: the keyed camera when there are camera keys, else {@link #camera()}. */
    public Camera cameraAt(double time) {
        return cameraTrack.sampleOr(time, Blend.CAMERA, camera);
    }

    @Override
    public boolean isStatic() {
        if (!cameraTrack.isEmpty()) return false;
        for (AuthoredNode n : nodes()) if (n instanceof GroupNode g && !g.tracks().isEmpty()) return false;
        return true;
    }

    /** Every node, depth first, parents before children, children in order. */
    public List<AuthoredNode> nodes() {
        List<AuthoredNode> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(AuthoredNode n, List<AuthoredNode> out) {
        out.add(n);
        if (n instanceof GroupNode g) for (AuthoredNode c : g.children()) collect(c, out);
    }

    public Optional<AuthoredNode> node(int id) {
        for (AuthoredNode n : nodes()) if (n.id() == id) return Optional.of(n);
        return Optional.empty();
    }

    /** The group holding node {@code id}; empty for the root and for unknown ids. */
    public Optional<GroupNode> parentOf(int id) {
        for (AuthoredNode n : nodes()) {
            if (n instanceof GroupNode g) for (AuthoredNode c : g.children()) if (c.id() == id) return Optional.of(g);
        }
        return Optional.empty();
    }

    /** An id no node uses yet: one more than the largest. */
    public int nextId() {
        int max = -1;
        for (AuthoredNode n : nodes()) max = Math.max(max, n.id());
        return max + 1;
    }

    public SceneModel withName(String newName) {
        return new SceneModel(newName, root, materials, lights, camera, cameraTrack, settings, animation);
    }

    public SceneModel withRoot(GroupNode newRoot) {
        return new SceneModel(name, newRoot, materials, lights, camera, cameraTrack, settings, animation);
    }

    public SceneModel withMaterials(List<Material> newMaterials) {
        return new SceneModel(name, root, newMaterials, lights, camera, cameraTrack, settings, animation);
    }

    public SceneModel withLights(List<Light> newLights) {
        return new SceneModel(name, root, materials, newLights, camera, cameraTrack, settings, animation);
    }

    public SceneModel withCamera(Camera newCamera) {
        return new SceneModel(name, root, materials, lights, newCamera, cameraTrack, settings, animation);
    }

    public SceneModel withCameraTrack(Track<Camera> newTrack) {
        return new SceneModel(name, root, materials, lights, camera, newTrack, settings, animation);
    }

    public SceneModel withSettings(RenderSettings newSettings) {
        return new SceneModel(name, root, materials, lights, camera, cameraTrack, newSettings, animation);
    }

    public SceneModel withAnimation(AnimationSettings newAnimation) {
        return new SceneModel(name, root, materials, lights, camera, cameraTrack, settings, newAnimation);
    }
}
