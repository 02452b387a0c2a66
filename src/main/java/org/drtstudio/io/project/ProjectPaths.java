package org.drtstudio.io.project;

import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * How a project names the files it uses (models and textures), so that a project folder can be
 * moved or copied and still open: a file inside the project's folder is stored relative to it
 * with '/' separators; a file outside it is stored absolute, since the user chose a place that does
 * not move with the project. Reading resolves a relative name against the project's folder (never
 * the working folder), the same way for {@code drt render}, {@code drt convert} and the studio.
 */
final class ProjectPaths {
    private final Path projectDir;

    /** @param projectFile the project file, absolute or relative to the working folder */
    ProjectPaths(Path projectFile) {
        this.projectDir = projectFile.toAbsolutePath().normalize().getParent();
    }

    Path folder() {
        return projectDir;
    }

    /**
     * The absolute, normalised file that {@code text} names: relative to the project's folder, or
     * absolute (a project's door through {@link SceneFolder#namedByProject}).
     *
     * @throws InvalidPathException when {@code text} is not a path on this system
     */
    ConfinedPath resolve(String text) {
        return SceneFolder.namedByProject(projectDir, text);
    }

    /** How a project at this folder stores {@code file} (absolute, or relative to the working folder as the program uses it). */
    String store(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        if (!abs.startsWith(projectDir)) return abs.toString();
        return projectDir.relativize(abs).toString().replace(abs.getFileSystem().getSeparator(), "/");
    }

    /**
     * A texture path as stored in a material (a string: absolute once read from a file, but one
     * typed into the studio may be relative to the working folder, where it is opened from).
     */
    String storeTexture(String path) {
        if (path == null) return null;
        try {
            return store(Path.of(path));
        } catch (InvalidPathException e) {
            return path; // kept as written: it names no file here, and reading it back reports that
        }
    }
}
