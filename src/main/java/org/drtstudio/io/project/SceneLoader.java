package org.drtstudio.io.project;

import org.drtstudio.io.AnimatedImport;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.ReadProgress;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.cfg.CfgScene;
import org.drtstudio.io.project.SceneFileReader;
import org.drtstudio.io.project.LoadedProject;
import org.drtstudio.io.project.ProjectFiles;
import org.drtstudio.io.project.ProjectFormat;
import org.drtstudio.scene.authored.AnimatedScene;

import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.Locale;

/**
 * Opens a scene file by its extension: .obj (with .mtl), .nff, .cfg, .vox, .vxt, .ply, .gltf, .glb, or a .json project. A project
 * read through {@link #load} is evaluated at time 0; {@link #loadAnimated} keeps its animation.
 */
public final class SceneLoader {
    private SceneLoader() {
    }

    /** The extensions of model files (every scene file but a project), lower case with the dot: what the studio imports. */
    public static List<String> modelExtensions() {
        return SceneFileReader.EXTENSIONS;
    }

    /** The model extensions for a message: ".obj, .nff, …". */
    public static String modelDescription() {
        return SceneFileReader.DESCRIPTION;
    }

    /** Whether {@code file}'s name ends in a model extension (any case). */
    public static boolean isModelFile(Path file) {
        return SceneFileReader.isSceneFile(file);
    }

    /**
     * As {@link #load(Path)}, reporting the fraction of {@code file} read so far (0 to 1, on the
     * calling thread, at most once per percent) to {@code progress}.
     */
    public static ImportResult load(Path file, DoubleConsumer progress) throws SceneFormatException {
        ReadProgress.start(file, progress);
        try {
            return load(file);
        } finally {
            ReadProgress.stop();
        }
    }

    public static ImportResult load(Path file) throws SceneFormatException {
        SceneFileReader.requireRegularFile(file);
        if (isProject(file)) {
            LoadedProject project = ProjectFiles.read(file);
            try {
                return new ImportResult(project.model().at(0), project.warnings());
            } catch (IllegalArgumentException e) { // e.g. keys that make a transform singular at time 0
                throw new SceneFormatException(file, 0, "at time 0: " + e.getMessage());
            }
        }
        return SceneFileReader.read(file);
    }

    /** Opens a scene to be rendered at any time: a project with its keyframes, a glTF with its animations, any other file as a constant scene. */
    public static AnimatedImport loadAnimated(Path file) throws SceneFormatException {
        SceneFileReader.requireRegularFile(file);
        if (isProject(file)) {
            LoadedProject project = ProjectFiles.read(file);
            return new AnimatedImport(project.model(), project.warnings());
        }
        return SceneFileReader.readAnimated(file);
    }

    /**
     * Reads a {@code .cfg} scene with command-line {@code KEY=value} overrides, and the processor it
     * asks for ({@code ARCH}, {@code CUDA_DEVICE}).
     */
    public static CfgScene loadCfg(Path file, List<String> overrides) throws SceneFormatException {
        return SceneFileReader.readCfg(file, overrides);
    }

    /** A scene given by cfg keys on the command line alone, with no file ({@code drt render OBJ=model.obj LIGHT=…}). */
    public static CfgScene loadCfgKeys(List<String> keys) throws SceneFormatException {
        return SceneFileReader.readCfgKeys(keys);
    }

    /** Whether {@code file} is read as a {@code .cfg} scene (the one format with command-line overrides). */
    public static boolean isCfg(Path file) {
        return file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".cfg");
    }

    private static boolean isProject(Path file) {
        return file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(ProjectFormat.EXTENSION);
    }
}
