package org.drtstudio.io.project;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneFileReader;
import org.drtstudio.io.Excerpt;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.ModelAsset;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
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
        ImportResult result;
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
        for (String w : result.warnings()) warnings.add(Excerpt.message(text + ": " + w));
        Scene scene = result.scene();
        ModelAsset asset = new ModelAsset(file, scene.root(), scene.materials());
        loaded.put(file, asset);
        return asset;
    }
}
