package org.drtstudio.io.project;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneFileReader;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Track;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Opens any scene file as an authored {@link SceneModel}: a project as it is; an OBJ, NFF or cfg
 * file as a project that references the file as a model and keeps the file's camera, lights,
 * render settings and (copies of its) materials, so it renders exactly as the file does.
 */
public final class ProjectConverter {
    private ProjectConverter() {
    }

    /** A project file, or a model file wrapped as a project. */
    public static LoadedProject open(Path file) throws SceneFormatException {
        if (isProject(file)) return ProjectFiles.read(file);
        return wrapped(file);
    }

    /** As {@link #open}, a project's unreadable models kept as placeholders ({@link ProjectFiles#readForEditing}). */
    public static LoadedProject openForEditing(Path file) throws SceneFormatException {
        if (isProject(file)) return ProjectFiles.readForEditing(file);
        return wrapped(file);
    }

    private static LoadedProject wrapped(Path file) throws SceneFormatException {
        ImportResult imported = SceneFileReader.read(file);
        return new LoadedProject(fromImport(file, imported.scene()), imported.warnings());
    }

    /** Whether {@code file} is named like a project file. */
    public static boolean isProject(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(ProjectFormat.EXTENSION);
    }

    /**
     * The project for a scene loaded from {@code source}: root group (id 0) holding one model leaf
     * (id 1) for the file, materials at offset 0, and the scene's camera, lights and settings.
     */
    public static SceneModel fromImport(Path source, Scene scene) {
        ModelAsset asset = new ModelAsset(source, scene.root(), scene.materials());
        String name = baseName(source);
        GroupNode root = GroupNode.of(0, "root", List.of(new ModelLeaf(1, name, asset, 0)));
        return new SceneModel(scene.name() != null ? scene.name() : name, root, scene.materials(), scene.lights(),
                scene.camera(), Track.empty(), scene.settings(), AnimationSettings.DEFAULT);
    }

    private static String baseName(Path file) {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }
}
