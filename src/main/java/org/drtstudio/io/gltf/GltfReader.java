package org.drtstudio.io.gltf;

import de.javagl.jgltf.model.NodeModel;
import org.drtstudio.io.AnimatedImport;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.authored.AnimatedScene;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Imports a glTF 2.0 file, {@code .gltf} (JSON with external or data-URI buffers) or {@code .glb}
 * (binary), through de.javagl:jgltf-model: its node hierarchy as transform nodes over meshes
 * ({@link GltfSceneBuilder}), its meshes' triangles ({@link GltfMeshes}), its metallic-roughness
 * materials mapped onto ours ({@link GltfMaterials}), its first perspective camera and its
 * KHR_lights_punctual lights ({@link GltfLights}); {@link #readAnimated} adds its node animations as
 * keyframes. The file and every file it names are read as
 * {@link GltfSource} says. What is and is not mapped: docs/GLTF.md.
 */
public final class GltfReader {
    /** The file name extensions read here. */
    public static final List<String> EXTENSIONS = List.of(".gltf", ".glb");

    private GltfReader() {
    }

    /** The scene at rest (the nodes' own transforms, no animation). */
    public static ImportResult read(Path file) throws SceneFormatException, IOException {
        Read r = readAll(file, false);
        return new ImportResult(r.scene(), r.warnings().toList(), r.phases());
    }

    /**
     * The scene with its node animations as keyframes ({@link GltfAnimations}, {@link GltfAuthoredModel});
     * a file without animations, or whose animated nodes cannot be keyframed, as a constant scene.
     */
    public static AnimatedImport readAnimated(Path file) throws SceneFormatException, IOException {
        Read r = readAll(file, true);
        AnimatedScene animated = AnimatedScene.constant(r.scene());
        if (r.animations() != null && !r.animations().isEmpty()) {
            try {
                animated = GltfAuthoredModel.of(r.scene(), r.nodeOf(), r.animations());
            } catch (GltfAuthoredModel.CannotAnimate e) {
                r.warnings().add("animation", 0, "animations are not used: " + e.getMessage());
            } catch (IllegalArgumentException e) {
                r.warnings().add("animation", 0, "animations are not used: " + Excerpt.sanitize(String.valueOf(e.getMessage()), 160));
            }
        }
        return new AnimatedImport(animated, r.warnings().toList(), r.phases());
    }

    /** One read: the scene, where its nodes came from, its animations (when asked for), the warnings and times. */
    private record Read(Scene scene, Map<TransformNode, NodeModel> nodeOf, GltfAnimations animations, WarningLog warnings,
                        List<TimedPhase> phases) {
    }

    private static Read readAll(Path file, boolean withAnimations) throws SceneFormatException, IOException {
        WarningLog warnings = new WarningLog(file);
        long t0 = System.nanoTime();
        GltfSource.Loaded loaded = GltfSource.read(file, warnings);
        double parseMs = TimedPhase.since(t0);
        long t1 = System.nanoTime();
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        Scene scene;
        Map<TransformNode, NodeModel> nodeOf;
        GltfAnimations animations = null;
        try {
            GltfMaterials materials = new GltfMaterials(file, loaded.model(), loaded.gltf(), warnings);
            long dataBytes = 0;
            for (var buffer : loaded.model().getBufferModels()) dataBytes += buffer.getByteLength();
            GltfAccessors accessors = new GltfAccessors(loaded.model(), loaded.gltf());
            GltfMeshes meshes = new GltfMeshes(file, warnings, materials::indexOf, accessors, dataBytes);
            GltfSceneBuilder builder = new GltfSceneBuilder(file, loaded.model(), loaded.gltf(), meshes, warnings);
            scene = builder.build(fileName, materials.materials());
            nodeOf = builder.nodeOf();
            if (withAnimations) animations = new GltfAnimations(loaded.model(), accessors, dataBytes, warnings);
            else if (!loaded.model().getAnimationModels().isEmpty())
                warnings.add("animation", 0, "the file's animations are not shown in a still model (a render of the file plays them)");
        } catch (RuntimeException e) {
            // jgltf-model's objects over a malformed document fail as they are asked (a translation of two numbers,
            // an attribute naming no accessor): the document is at fault, and says so in one line
            throw new SceneFormatException(file, 0, "is not a consistent glTF 2.0 file (a node, mesh or material is malformed)");
        }
        List<TimedPhase> phases = List.of(new TimedPhase("read + parse", parseMs), new TimedPhase("meshes + nodes", TimedPhase.since(t1)));
        return new Read(scene, nodeOf, animations, warnings, phases);
    }
}
