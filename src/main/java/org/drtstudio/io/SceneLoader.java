package org.drtstudio.io;

import org.drtstudio.io.cfg.CfgReader;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.io.project.LoadedProject;
import org.drtstudio.io.project.ProjectFiles;
import org.drtstudio.io.project.ProjectFormat;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.vox.VoxReader;
import org.drtstudio.scene.anim.AnimatedScene;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.DoubleConsumer;
import java.util.Locale;

/**
 * Opens a scene file by its extension: .obj (with .mtl), .nff, .cfg, MagicaVoxel .vox, or a .json project. A project
 * read through {@link #load} is evaluated at time 0; {@link #loadAnimated} keeps its animation.
 */
public final class SceneLoader {
    private SceneLoader() {
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
        requireRegularFile(file);
        if (isProject(file)) {
            LoadedProject project = ProjectFiles.read(file);
            try {
                return new ImportResult(project.model().at(0), project.warnings());
            } catch (IllegalArgumentException e) { // e.g. keys that make a transform singular at time 0
                throw new SceneFormatException(file, 0, "at time 0: " + e.getMessage());
            }
        }
        return loadStatic(file);
    }

    /** Opens a scene to be rendered at any time: a project with its keyframes, any other file as a constant scene. */
    public static AnimatedImport loadAnimated(Path file) throws SceneFormatException {
        requireRegularFile(file);
        if (isProject(file)) {
            LoadedProject project = ProjectFiles.read(file);
            return new AnimatedImport(project.model(), project.warnings());
        }
        ImportResult result = loadStatic(file);
        return new AnimatedImport(AnimatedScene.constant(result.scene()), result.warnings(), result.phases());
    }

    /**
     * Reads a {@code .cfg} scene with command-line {@code KEY=value} overrides, and the processor it
     * asks for ({@code ARCH}, {@code CUDA_DEVICE}).
     */
    public static org.drtstudio.io.cfg.CfgScene loadCfg(Path file, java.util.List<String> overrides) throws SceneFormatException {
        requireRegularFile(file);
        try {
            return CfgReader.read(file, SceneLoader::loadModel, overrides);
        } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
            throw new SceneFormatException(e.getFile() != null ? Path.of(e.getFile()) : file, 0, InputFiles.reason(e));
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
        }
    }

    /** Whether {@code file} is read as a {@code .cfg} scene (the one format with command-line overrides). */
    public static boolean isCfg(Path file) {
        return file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".cfg");
    }

    /**
     * Refuses what is not a regular file before any reader opens it: a FIFO would block the read
     * forever and a device never end. "file not found" only for a file that is not there.
     */
    private static void requireRegularFile(Path file) throws SceneFormatException {
        try {
            InputFiles.requireRegular(file);
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, InputFiles.reason(e));
        }
    }

    private static boolean isProject(Path file) {
        return file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(ProjectFormat.EXTENSION);
    }

    private static ImportResult loadStatic(Path file) throws SceneFormatException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            if (name.endsWith(".obj")) return ObjReader.read(file);
            if (name.endsWith(".nff")) return NffReader.read(file);
            if (name.endsWith(".cfg")) return CfgReader.read(file, SceneLoader::loadModel);
            if (name.endsWith(".vox")) return VoxReader.read(file);
        } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
            throw new SceneFormatException(e.getFile() != null ? Path.of(e.getFile()) : file, 0, InputFiles.reason(e));
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
        }
        throw new SceneFormatException(file, 0, "unknown scene format; expected .obj, .nff, .cfg, .vox or a .json project");
    }

    private static ImportResult loadModel(Path model) throws SceneFormatException, IOException {
        String name = model.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".nff") ? NffReader.read(model) : ObjReader.read(model);
    }
}
