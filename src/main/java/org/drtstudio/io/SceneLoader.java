package org.drtstudio.io;

import org.drtstudio.io.cfg.CfgReader;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.io.obj.ObjReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/** Opens a scene file by its extension: .obj (with .mtl), .nff, or .cfg. */
public final class SceneLoader {
    private SceneLoader() {
    }

    public static ImportResult load(Path file) throws SceneFormatException {
        if (!Files.exists(file)) throw new SceneFormatException(file, 0, "file not found");
        if (Files.isDirectory(file)) throw new SceneFormatException(file, 0, "is a folder, not a scene file");
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            if (name.endsWith(".obj")) return ObjReader.read(file);
            if (name.endsWith(".nff")) return NffReader.read(file);
            if (name.endsWith(".cfg")) return CfgReader.read(file, SceneLoader::loadModel);
        } catch (NoSuchFileException e) {
            throw new SceneFormatException(Path.of(e.getFile()), 0, "file not found");
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + e.getMessage(), e);
        }
        throw new SceneFormatException(file, 0, "unknown scene format; expected .obj, .nff or .cfg");
    }

    private static ImportResult loadModel(Path model) throws SceneFormatException, IOException {
        String name = model.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".nff") ? NffReader.read(model) : ObjReader.read(model);
    }
}
