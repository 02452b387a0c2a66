package org.drtstudio.cli;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.SceneFormatException;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The positional words of {@code drt render} and {@code drt info} read as the CUDA octree report's
 * command line as well as ours: a scene file and {@code KEY=value} overrides ({@code drt render
 * setup.cfg CAMERA_RESOLUTION=800x600}), the cfg named by {@code CONFIG=file} among the keys
 * ({@code drt render CONFIG=setup.cfg CUDA_DEVICE=0/1/2/3}), or keys alone with no file at all
 * ({@code drt render OBJ=bunny.obj LIGHT=2/4/3//1/1/1}).
 *
 * @param file the cfg (or other scene) file to read, or null when the keys alone make the scene
 * @param keys the {@code KEY=value} words to apply, CONFIG= taken out
 * @param name what the scene goes by in messages and the default output name: the file, else the first model
 * @param byConfigKey whether CONFIG= named the file (it is then read as a cfg whatever its extension)
 */
record CfgCommandLine(Path file, List<String> keys, Path name, boolean byConfigKey) {
    /** The report's key naming its scene file on the command line. */
    static final String CONFIG = "CONFIG";
    /** A word that reads as a cfg key: a name of letters, digits and '_' before the '='. */
    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\s*=.*", Pattern.DOTALL);

    CfgCommandLine {
        keys = List.copyOf(keys);
    }

    /** Whether the keys alone make the scene (no file). */
    boolean keysOnly() {
        return file == null;
    }

    /**
     * Reads {@code first} (picocli's SCENE) and {@code rest} (the KEY=value words). The first word is a
     * key when it reads as one and no file of that name exists (a file named {@code a=b.obj} stays a file).
     *
     * @throws SceneFormatException naming the word and the problem: CONFIG given twice, CONFIG and a
     *                              scene file both, no scene at all, a first word that is neither
     */
    static CfgCommandLine of(Path first, List<String> rest) throws SceneFormatException {
        List<String> words = new ArrayList<>();
        Path file = null;
        String text = first.toString();
        if (isKey(text) && !Files.exists(first)) words.add(text);
        else file = first;
        words.addAll(rest);
        List<String> keys = new ArrayList<>();
        String config = null;
        for (String w : words) {
            // A word that is no key is the cfg reader's to refuse, with the file it belongs to.
            if (!isKey(w) || !keyOf(w).equals(CONFIG)) {
                keys.add(w);
                continue;
            }
            if (config != null) throw new SceneFormatException(null, 0, "CONFIG= given twice (" + Excerpt.quote(config) + " and "
                    + Excerpt.quote(w) + "); one cfg file is read");
            config = w;
        }
        if (config != null) {
            if (file != null) throw new SceneFormatException(null, 0, "the scene is given twice: " + Excerpt.quote(file.toString())
                    + " and " + Excerpt.quote(config) + "; give the cfg file once");
            String value = valueOf(config);
            if (value.isEmpty()) throw new SceneFormatException(null, 0, "CONFIG= names no file; write CONFIG=setup.cfg");
            try {
                file = Path.of(value);
            } catch (InvalidPathException e) {
                throw new SceneFormatException(null, 0, "CONFIG=" + Excerpt.quote(value) + " is not a valid file name");
            }
        }
        if (file != null) return new CfgCommandLine(file, keys, file, config != null);
        String model = null;
        for (String k : keys) if (isKey(k) && keyOf(k).equals("OBJ") && model == null) model = valueOf(k);
        if (model == null) {
            throw new SceneFormatException(null, 0, "no scene: give a scene file, CONFIG=setup.cfg, or the scene as keys "
                    + "with at least one OBJ=model.obj (got " + Excerpt.quote(String.join(" ", keys)) + ")");
        }
        Path name;
        try {
            name = Path.of(model.replaceAll("^[\"']|[\"']$", ""));
        } catch (InvalidPathException e) {
            name = Path.of("scene");
        }
        return new CfgCommandLine(null, keys, name.getFileName() == null ? Path.of("scene") : name, false);
    }

    static boolean isKey(String word) {
        return KEY.matcher(word).matches();
    }

    private static String keyOf(String word) {
        return word.substring(0, word.indexOf('=')).strip().toUpperCase(Locale.ROOT);
    }

    private static String valueOf(String word) {
        return word.substring(word.indexOf('=') + 1).strip();
    }
}
