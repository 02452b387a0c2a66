package org.drtstudio.io.cfg;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;

import org.drtstudio.io.support.SceneFolder.ConfinedPath;

import java.io.IOException;

/**
 * Loads one model file named by a {@code .cfg} scene ({@code OBJ=...}). The application passes the
 * OBJ and NFF importers ({@code SceneFileReader}); tests pass whatever suits them. Keeping it a
 * parameter lets the cfg reader stay independent of any one model format. It is given only a
 * {@link ConfinedPath}: the model the cfg names, checked to lie in the cfg's folder.
 */
@FunctionalInterface
public interface ModelLoader {
    /**
     * @param file an existing model file
     * @return the model as a scene; only its root, materials and warnings are used
     */
    ImportResult load(ConfinedPath file) throws SceneFormatException, IOException;
}
