package org.drtstudio.io.project;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.scene.authored.SceneModel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes DRT Studio project files: versioned JSON holding the scene graph, keyframes,
 * materials, lights, camera, render and animation settings, small meshes inline, and imported
 * models by path relative to the project file.
 *
 * <pre>
 * {
 *   "format": "drt-project", "version": 1, "name": "orbit",
 *   "animation": { "fps": 24.0, "startFrame": 0, "endFrame": 95, "shutterOpen": 0.0, "shutterClose": 0.5 },
 *   "settings": { "width": 960, "height": 540, ... },
 *   "camera": { "eye": [ 0.0, 2.4, 8.0 ], "look": [ ... ], "up": [ ... ], "fov": 38.0, ... },
 *   "cameraKeys": [ { "time": 0.0, "interpolation": "ease", "camera": { ... } } ],
 *   "lights": [ ... ], "materials": [ ... ],
 *   "root": { "id": 0, "type": "group", "name": "root", "transform": { ... }, "keys": { ... },
 *             "children": [ { "id": 1, "type": "model", "name": "set", "file": "default.nff", "materialOffset": 0 } ] },
 *   "meshes": [ ]
 * }
 * </pre>
 *
 * Reading never changes anything already open: it returns a new model or throws. Writing is
 * atomic (see {@link AtomicFileWriter}) and deterministic, so save → load → save gives the same
 * bytes.
 */
public final class ProjectFiles {
    private ProjectFiles() {
    }

    /**
     * Reads a project file and the models it names.
     *
     * @throws SceneFormatException one line naming the file, the JSON line and the problem: a
     *                              malformed file, a newer format version, a bad value, a missing model
     */
    public static LoadedProject read(Path file) throws SceneFormatException {
        return read(file, false);
    }

    /**
     * As {@link #read}, for editing: a model file that cannot be read (moved, deleted, broken) is
     * kept as an empty placeholder with a warning naming its line and reason, so the rest of the
     * project opens and a save writes the model's reference back as it was.
     */
    public static LoadedProject readForEditing(Path file) throws SceneFormatException {
        return read(file, true);
    }

    private static LoadedProject read(Path file, boolean placeholders) throws SceneFormatException {
        Path abs = file.toAbsolutePath().normalize();
        List<String> warnings = new ArrayList<>();
        try {
            ProjectMemory.check(abs); // a project the heap cannot hold fails now, not after minutes of collections
        } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
            throw new SceneFormatException(file, 0, InputFiles.reason(e));
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
        }
        try (InputStream in = InputFiles.open(abs)) { // a FIFO or device is refused, not read forever
            JsonValue doc = JsonTreeReader.read(in);
            SceneModel model = ProjectDecoder.decode(doc, new ModelLibrary(new ProjectPaths(abs), warnings, placeholders), warnings);
            return new LoadedProject(model, warnings);
        } catch (ProjectProblem p) {
            throw new SceneFormatException(file, p.line(), p.getMessage());
        } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
            throw new SceneFormatException(file, 0, InputFiles.reason(e));
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
        }
    }

    /** Saves {@code model} as {@code file}, atomically: a crash leaves the old file or the new one. */
    public static void write(SceneModel model, Path file) throws IOException {
        AtomicFileWriter.write(file, out -> ProjectEncoder.write(model, file, out));
    }

    /** The bytes {@link #write} would store for {@code model} at {@code file} (model paths are relative to it). */
    public static byte[] encode(SceneModel model, Path file) {
        return ProjectEncoder.encode(model, file);
    }
}
