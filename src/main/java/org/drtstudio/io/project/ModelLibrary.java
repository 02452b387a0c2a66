package org.drtstudio.io.project;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneFileReader;
import org.drtstudio.io.Excerpt;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.ModelAsset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Loads the model files a project names, each file once: leaves naming the same file share one
 * {@link ModelAsset}, hence the same meshes (instancing).
 */
final class ModelLibrary {
    private final ProjectPaths paths;
    private final Map<Path, ModelAsset> loaded = new HashMap<>();
    /**
     * Each file read once, by what makes two names one file (device and inode, as the cfg and MTL
     * readers do): 200 links to one 860 KB OBJ were 200 reads, 8.9 million triangles, 18.6 s and
     * 3.4 GB for a 28 KB project. Each name keeps an asset of its own, so a save writes every
     * reference as it was; they share the file's graph, hence its meshes.
     */
    private final Map<Object, ImportResult> read = new HashMap<>();
    private final List<String> warnings;
    private final boolean placeholders;

    /**
     * @param placeholders whether a model file that cannot be read (moved, deleted, broken) becomes an
     *                     empty {@link ModelAsset#placeholder} and a warning instead of failing the
     *                     whole project: the studio opens the rest of the work; a render refuses
     */
    ModelLibrary(ProjectPaths paths, List<String> warnings, boolean placeholders) {
        this.paths = paths;
        this.warnings = warnings;
        this.placeholders = placeholders;
    }

    /** Where the project's relative names are resolved (textures too). */
    ProjectPaths paths() {
        return paths;
    }

    /** The model named by the string value {@code ref} (relative to the project's folder, or absolute). */
    ModelAsset load(JsonValue ref) {
        String text = ref.asString();
        Path file;
        try {
            file = paths.resolve(text).file();
        } catch (InvalidPathException e) {
            throw ref.problem("\"" + text + "\" is not a valid path: " + e.getReason());
        }
        ModelAsset cached = loaded.get(file);
        if (cached != null) return cached;
        if (file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(ProjectFormat.EXTENSION))
            throw ref.problem("model \"" + text + "\" is a project; a project cannot be placed as a model");
        Object identity = identity(file);
        ImportResult result = identity == null ? null : read.get(identity);
        if (result != null) {
            ModelAsset asset = new ModelAsset(file, result.scene().root(), result.scene().materials());
            loaded.put(file, asset);
            return asset;
        }
        try {
            result = SceneFileReader.read(file);
        } catch (SceneFormatException e) {
            // The model's own message names its file and line; keep it whole, on one line.
            ProjectProblem problem = ref.problem("model \"" + text + "\": " + e.getMessage());
            if (!placeholders) throw problem;
            warnings.add(Excerpt.message("line " + problem.line() + ": " + problem.getMessage()
                    + "; kept in its place, empty, so a save keeps it: restore the file and open the project again"));
            ModelAsset missing = ModelAsset.placeholder(file, -1, e.getMessage());
            loaded.put(file, missing);
            return missing;
        }
        if (identity != null) read.put(identity, result);
        for (String w : result.warnings()) warnings.add(Excerpt.message(text + ": " + w));
        Scene scene = result.scene();
        ModelAsset asset = new ModelAsset(file, scene.root(), scene.materials());
        loaded.put(file, asset);
        return asset;
    }

    /**
     * What makes two names one file (device and inode where the system has them, else the real
     * path) read by one reader (the name's extension picks it); null for no regular file.
     */
    private static Object identity(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (!a.isRegularFile()) return null;
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            return List.of(a.fileKey() != null ? a.fileKey() : file.toRealPath(), name.substring(name.lastIndexOf('.') + 1));
        } catch (IOException e) {
            return null; // the reader says why
        }
    }
}
