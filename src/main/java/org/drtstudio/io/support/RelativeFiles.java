package org.drtstudio.io.support;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Finds the files a model refers to (MTL libraries, textures, models). Models travel between
 * systems, so besides the name as written this tries Windows separators turned into slashes
 * ({@code .\tex.jpg}) and a case-insensitive match of the file name in its folder ({@code Wood.JPG}
 * for {@code wood.jpg}). Only {@link SceneFolder} asks, after it has checked the name.
 */
final class RelativeFiles {
    private RelativeFiles() {
    }

    /**
     * The regular file that {@code name}, relative to {@code dir}, refers to, or null when there is none.
     *
     * @param listableRoot a folder listed for the case-insensitive match must lie inside this real
     *                     path (a link to a folder elsewhere is not listed); null for any
     */
    static Path find(Path dir, String name, Path listableRoot) {
        if (name == null || name.isBlank()) return null;
        Path exact = regularFile(dir, name);
        if (exact != null) return exact;
        String slashed = name.replace('\\', '/');
        Path withSlashes = regularFile(dir, slashed);
        if (withSlashes != null) return withSlashes;
        Path wanted = path(dir, slashed);
        if (wanted == null || wanted.getFileName() == null || wanted.getParent() == null) return null;
        Path folder = wanted.getParent();
        if (!Files.isDirectory(folder)) return null;
        String fileName = wanted.getFileName().toString();
        try {
            if (listableRoot != null && !folder.toRealPath().startsWith(listableRoot)) return null;
        } catch (IOException e) {
            return null;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                if (entry.getFileName().toString().equalsIgnoreCase(fileName) && Files.isRegularFile(entry)) return entry;
            }
        } catch (IOException | RuntimeException e) {
            return null; // an unreadable folder: the file counts as missing
        }
        return null;
    }

    /** Where {@code name} would be, for messages about a file that is missing (null if not a valid path). */
    static Path expected(Path dir, String name) {
        return path(dir, name.replace('\\', '/'));
    }

    private static Path regularFile(Path dir, String name) {
        Path p = path(dir, name);
        return p != null && Files.isRegularFile(p) ? p.normalize() : null;
    }

    private static Path path(Path dir, String name) {
        try {
            return dir.resolve(name);
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
