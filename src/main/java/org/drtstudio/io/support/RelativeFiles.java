package org.drtstudio.io.support;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Finds the files a model refers to (MTL libraries, textures, models). Models travel between
 * systems, so besides the name as written this tries Windows separators turned into slashes
 * ({@code .\tex.jpg}) and a case-insensitive match of the file name in its folder ({@code Wood.JPG}
 * for {@code wood.jpg}). Only {@link SceneFolder} asks, after it has checked the name, and keeps one
 * of these per scene folder: each folder is listed once for the case-insensitive matches (a model
 * naming 100,000 missing libraries listed its folder 200,000 times).
 */
final class RelativeFiles {
    /** A folder listed for the case-insensitive match must lie inside this real path; null for any. */
    private final Path listableRoot;
    /** Per folder: its entries by lower-case name (the first of equal ones), or an empty map where it may not be listed. */
    private final Map<Path, Map<String, Path>> listings = new HashMap<>();

    RelativeFiles(Path listableRoot) {
        this.listableRoot = listableRoot;
    }

    /** The regular file that {@code name}, relative to {@code dir}, refers to, or null when there is none. */
    synchronized Path find(Path dir, String name) {
        if (name == null || name.isBlank()) return null;
        Path exact = regularFile(dir, name);
        if (exact != null) return exact;
        String slashed = name.replace('\\', '/');
        Path withSlashes = regularFile(dir, slashed);
        if (withSlashes != null) return withSlashes;
        Path wanted = path(dir, slashed);
        if (wanted == null || wanted.getFileName() == null || wanted.getParent() == null) return null;
        Path entry = listing(wanted.getParent().normalize()).get(wanted.getFileName().toString().toLowerCase(Locale.ROOT));
        return entry != null && Files.isRegularFile(entry) ? entry : null;
    }

    private Map<String, Path> listing(Path folder) {
        return listings.computeIfAbsent(folder, f -> {
            Map<String, Path> byName = new HashMap<>();
            try {
                if (!Files.isDirectory(f)) return byName;
                if (listableRoot != null && !f.toRealPath().startsWith(listableRoot)) return byName; // a link out: not listed
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(f)) {
                    for (Path e : entries) byName.putIfAbsent(e.getFileName().toString().toLowerCase(Locale.ROOT), e);
                }
            } catch (IOException | RuntimeException e) {
                byName.clear(); // an unreadable folder: its files count as missing
            }
            return byName;
        });
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
