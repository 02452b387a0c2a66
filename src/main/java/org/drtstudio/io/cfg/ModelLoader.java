package org.drtstudio.io.cfg;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Loads one model file named by a {@code .cfg} scene ({@code OBJ=...}). The application passes the
 * OBJ importer ({@code ObjReader::read}); tests pass whatever suits them. Keeping it a parameter
 * lets the cfg reader stay independent of any one model format.
 */
@FunctionalInterface
public interface ModelLoader {
    /**
     * @param file an existing model file
     * @return the model as a scene; only its root, materials and warnings are used
     */
    ImportResult load(Path file) throws SceneFormatException, IOException;
}
