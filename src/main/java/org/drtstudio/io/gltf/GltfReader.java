package org.drtstudio.io.gltf;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.scene.Scene;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Imports a glTF 2.0 file, {@code .gltf} (JSON with external or data-URI buffers) or {@code .glb}
 * (binary), through de.javagl:jgltf-model: its node hierarchy as transform nodes over meshes
 * ({@link GltfSceneBuilder}), its meshes' triangles ({@link GltfMeshes}), its metallic-roughness
 * materials mapped onto ours ({@link GltfMaterials}), its first perspective camera and its
 * KHR_lights_punctual lights ({@link GltfLights}). The file and every file it names are read as
 * {@link GltfSource} says. What is and is not mapped: docs/GLTF.md.
 */
public final class GltfReader {
    /** The file name extensions read here. */
    public static final List<String> EXTENSIONS = List.of(".gltf", ".glb");

    private GltfReader() {
    }

    public static ImportResult read(Path file) throws SceneFormatException, IOException {
        WarningLog warnings = new WarningLog(file);
        long t0 = System.nanoTime();
        GltfSource.Loaded loaded = GltfSource.read(file, warnings);
        double parseMs = TimedPhase.since(t0);
        long t1 = System.nanoTime();
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        Scene scene;
        try {
            GltfMaterials materials = new GltfMaterials(file, loaded.model(), loaded.gltf(), warnings);
            long dataBytes = 0;
            for (var buffer : loaded.model().getBufferModels()) dataBytes += buffer.getByteLength();
            GltfMeshes meshes = new GltfMeshes(file, warnings, materials::indexOf, dataBytes);
            scene = new GltfSceneBuilder(file, loaded.model(), loaded.gltf(), meshes, warnings).build(fileName, materials.materials());
        } catch (RuntimeException e) {
            // jgltf-model's objects over a malformed document fail as they are asked (a translation of two numbers,
            // an attribute naming no accessor): the document is at fault, and says so in one line
            throw new SceneFormatException(file, 0, "is not a consistent glTF 2.0 file (a node, mesh or material is malformed)");
        }
        List<TimedPhase> phases = List.of(new TimedPhase("read + parse", parseMs), new TimedPhase("meshes + nodes", TimedPhase.since(t1)));
        return new ImportResult(scene, warnings.toList(), phases);
    }
}
