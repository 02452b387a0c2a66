package org.drtstudio.io.gltf;

import de.javagl.jgltf.impl.v2.GlTF;
import de.javagl.jgltf.model.CameraModel;
import de.javagl.jgltf.model.CameraPerspectiveModel;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MeshModel;
import de.javagl.jgltf.model.NodeModel;
import de.javagl.jgltf.model.SceneModel;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A glTF scene as our {@link Scene}: each node a {@link TransformNode} (its matrix, or its
 * translation, rotation and scale, as its local transform), under it a {@link MeshNode} for its
 * mesh (one {@link TriangleMesh} per glTF mesh, shared by every node that places it) and its
 * children. The scene is the file's default scene (or its first; without scenes, the nodes no node
 * names as a child). The first perspective camera met in the hierarchy is the scene's camera, else
 * one that frames the scene (its aspect ratio, when it gives one, sets the picture's height for the default
 * width); KHR_lights_punctual lights are the scene's lights ({@link GltfLights}),
 * else a white point light above the camera as for other models.
 *
 * <p>The hierarchy is a tree, as glTF requires: a node reached a second time (a cycle, or a node
 * with two parents) is skipped with a warning, so a file cannot make the walk endless or its
 * instances multiply; it is at most {@link #MAX_DEPTH} levels deep. A node whose transform is
 * singular or not finite is skipped with what is under it.
 */
final class GltfSceneBuilder {
    static final int MAX_DEPTH = 256;

    private final Path file;
    private final GltfModel model;
    private final GlTF gltf;
    private final WarningLog warnings;
    private final GltfMeshes meshes;
    private final GltfLights lights;
    private final Set<NodeModel> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<NodeModel, Integer> nodeIndex = new IdentityHashMap<>();
    /** The glTF node each transform node of the scene came from, by identity: what the animations' tracks attach to. */
    private final Map<TransformNode, NodeModel> nodeOf = new IdentityHashMap<>();
    private Camera camera;
    private float cameraAspect;

    GltfSceneBuilder(Path file, GltfModel model, GlTF gltf, GltfMeshes meshes, WarningLog warnings) {
        this.file = file;
        this.model = model;
        this.gltf = gltf;
        this.meshes = meshes;
        this.warnings = warnings;
        this.lights = new GltfLights(gltf, warnings);
        for (int i = 0; i < model.getNodeModels().size(); i++) nodeIndex.put(model.getNodeModels().get(i), i);
    }

    Scene build(String fileName, List<org.drtstudio.scene.Material> materials) throws SceneFormatException {
        List<SceneNode> roots = new ArrayList<>();
        for (NodeModel root : rootNodes()) {
            SceneNode n = node(root, new Matrix4f(), 0);
            if (n != null) roots.add(n);
        }
        TransformNode root = TransformNode.group(fileName, roots);
        Aabb bounds = SceneFraming.bounds(root);
        if (bounds.isEmpty()) throw new SceneFormatException(file, 0, "contains no triangles to render");
        if (!bounds.min().isFinite() || !bounds.max().isFinite())
            throw new SceneFormatException(file, 0, "the model's coordinates are too large to show in single precision");
        Camera view = camera != null ? camera : SceneFraming.frame(bounds, 45f);
        float radius = bounds.extent().length() * 0.5f;
        List<Light> sceneLights = lights.lights(bounds.center(), radius);
        if (sceneLights.isEmpty()) {
            Vec3 up = view.up().normalized();
            sceneLights = List.of(new PointLight(view.eye().plus(up.times(Math.max(radius, 1e-3f))), Vec3.ONE, 1f));
        }
        RenderSettings settings = RenderSettings.DEFAULT;
        // the file's camera may ask for a shape of picture: the default width, the height it gives
        if (cameraAspect >= 0.05f && cameraAspect <= 20f) settings = settings.withSize(settings.width(), Math.max(1, Math.round(settings.width() / cameraAspect)));
        return new Scene(fileName, root, materials, sceneLights, view, settings);
    }

    private List<NodeModel> rootNodes() {
        List<SceneModel> scenes = model.getSceneModels();
        if (!scenes.isEmpty()) {
            Integer chosen = gltf.getScene();
            int index = chosen != null && chosen >= 0 && chosen < scenes.size() ? chosen : 0;
            if (scenes.size() > 1) warnings.add("scenes", 0, "the file has " + scenes.size() + " scenes; scene " + index + " is read");
            return scenes.get(index).getNodeModels();
        }
        List<NodeModel> roots = new ArrayList<>();
        for (NodeModel n : model.getNodeModels()) if (n.getParent() == null) roots.add(n);
        return roots;
    }

    private SceneNode node(NodeModel node, Matrix4fc parentToWorld, int depth) throws SceneFormatException {
        String name = node.getName() != null ? node.getName() : "node " + nodeIndex.getOrDefault(node, -1);
        if (!visited.add(node)) {
            warnings.add("tree", 0, "node " + Excerpt.quote(name) + " is reached twice (a cycle or a second parent); skipped the second time");
            return null;
        }
        if (depth >= MAX_DEPTH) {
            warnings.add("depth", 0, "nodes deeper than " + MAX_DEPTH + " levels are skipped");
            return null;
        }
        Matrix4f local = new Matrix4f().set(node.computeLocalTransform(new float[16]));
        TransformNode placed;
        try {
            placed = new TransformNode(name, local, List.of());
        } catch (IllegalArgumentException e) {
            warnings.add("transform", 0, "node " + Excerpt.quote(name) + ": its transform is singular or not affine; skipped with its children");
            return null;
        }
        if (!local.isFinite()) {
            warnings.add("transform", 0, "node " + Excerpt.quote(name) + ": its transform is not finite; skipped with its children");
            return null;
        }
        Matrix4f toWorld = new Matrix4f(parentToWorld).mul(local);
        List<SceneNode> children = new ArrayList<>();
        for (MeshModel mesh : node.getMeshModels()) {
            String meshName = mesh.getName() != null ? mesh.getName() : "mesh " + model.getMeshModels().indexOf(mesh);
            if (node.getSkinModel() != null) warnings.add("skin", 0, "node " + Excerpt.quote(name) + ": skinning is not read; the mesh is shown in its bind pose");
            TriangleMesh triangles = meshes.of(mesh, meshName);
            if (triangles != null) children.add(new MeshNode(meshName, triangles));
        }
        if (node.getCameraModel() != null) camera(node.getCameraModel(), toWorld, name);
        Integer index = nodeIndex.get(node);
        if (index != null && gltf.getNodes() != null && index < gltf.getNodes().size())
            lights.place(gltf.getNodes().get(index).getExtensions(), toWorld);
        for (NodeModel child : node.getChildren()) {
            SceneNode c = node(child, toWorld, depth + 1);
            if (c != null) children.add(c);
        }
        TransformNode result = new TransformNode(name, placed.transform(), children);
        nodeOf.put(result, node);
        return result;
    }

    /** After {@link #build}: the glTF node of each transform node, by identity. */
    Map<TransformNode, NodeModel> nodeOf() {
        return nodeOf;
    }

    /** The first perspective camera becomes the scene's: it looks down its node's −z with +y up. */
    private void camera(CameraModel cameraModel, Matrix4fc toWorld, String node) {
        if (camera != null) return;
        CameraPerspectiveModel perspective = cameraModel.getCameraPerspectiveModel();
        if (perspective == null) {
            warnings.add("camera", 0, "node " + Excerpt.quote(node) + ": orthographic cameras are not read");
            return;
        }
        Float yfov = perspective.getYfov();
        Vector3f eye = toWorld.transformPosition(new Vector3f());
        Vector3f forward = toWorld.transformDirection(new Vector3f(0, 0, -1));
        Vector3f up = toWorld.transformDirection(new Vector3f(0, 1, 0));
        try {
            Vec3 e = new Vec3(eye.x, eye.y, eye.z);
            float length = forward.length();
            camera = new Camera(e, e.plus(new Vec3(forward.x, forward.y, forward.z).times(1f / length)), new Vec3(up.x, up.y, up.z),
                    yfov == null ? 45f : (float) Math.toDegrees(yfov), 0f, 0f);
            cameraAspect = perspective.getAspectRatio() == null ? 0 : perspective.getAspectRatio();
        } catch (IllegalArgumentException e) {
            warnings.add("camera", 0, "node " + Excerpt.quote(node) + ": its camera cannot be used (" + e.getMessage() + ")");
        }
    }
}
