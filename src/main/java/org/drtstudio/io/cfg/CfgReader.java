package org.drtstudio.io.cfg;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.TextDecoding;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the {@code .cfg} scene description of the CUDA octree ray tracer report: one
 * {@code KEY=value} per line, vectors written with {@code /} between components and {@code //}
 * between vectors.
 *
 * <pre>
 * # comment (also // comment); blank lines and spaces around '=' are fine
 * OBJ=models/bunny.obj              model, relative to the cfg file; may repeat
 * LIGHT=x/y/z//r/g/b                point light: position and colour; may repeat (colour optional)
 * AMBIENT_LIGHT=r/g/b               or one number for grey
 * CAMERA=px/py/pz//dx/dy/dz         eye position and view direction (look at eye + direction)
 * CAMERA_RESOLUTION=640x480         also 640/480 or "640 480"
 * CAMERA_VIEWING_ANGLE=45           vertical field of view in degrees
 * CAMERA_SUPERSAMPLING=4            samples per pixel, used as given (not squared)
 * ARCH=GPU                          CPU, or GPU / CUDA: mapped to --backend cpu / gpu by the command line
 * CUDA_DEVICE=0                     which GPU (0 = the first hardware device EGL lists), or several: 0/1/2/3;
 *                                   mapped to --gpus by the command line
 * NUM_CPU_THREADS=32                the CPU tracer's threads; mapped to --threads by the command line
 * ABSORPTION=r/g/b                  Beer coefficient per unit distance (or one number) for every
 *                                   transparent material without its own (MTL Tf)
 * OBJ=./debug.obj // location       a // after a blank starts a comment (see CfgComments)
 * </pre>
 *
 * Keys are case-insensitive. Unknown keys are warnings; malformed values and missing model files
 * are {@link SceneFormatException}s naming the cfg file, the line and the value. The camera's up
 * vector is +y (+z when looking straight along y), since the format has none. Lights get
 * intensity 1 and radius 0. Without {@code CAMERA} the view frames the whole scene; without any
 * {@code LIGHT} there is one white light at the eye. Of each model only its scene graph, materials
 * and warnings are used: camera, lights and settings come from the cfg file alone.
 */
public final class CfgReader {
    private CfgReader() {
    }

    /**
     * Reads a cfg scene and the models it names.
     *
     * @param loader reads each {@code OBJ=} model (the application's reads OBJ and NFF)
     */
    public static ImportResult read(Path cfg, ModelLoader loader) throws SceneFormatException, IOException {
        return read(cfg, loader, List.of()).result();
    }

    /**
     * Reads a cfg scene with {@code KEY=value} overrides from the command line applied after the
     * file's own lines (the last value counts; OBJ and LIGHT add to the file's). A bad override is a
     * message naming it and the problem; an unknown key there is an error, not a warning.
     */
    public static CfgScene read(Path cfg, ModelLoader loader, List<String> overrides) throws SceneFormatException, IOException {
        try (Reader reader = TextDecoding.open(cfg)) { // regular files only; UTF-8 or UTF-16 with a BOM
            return new CfgParser(cfg, reader, loader, overrides).parse();
        }
    }

    /**
     * A scene given by {@code KEY=value} keys on the command line alone, with no file, as the report's
     * tracer also accepts them: {@code OBJ=model.obj LIGHT=1/2/3//1/1/1}. The keys are read as a file's
     * overrides would be (an unknown key is an error); models are named relative to the working
     * folder and, being the user's own choice, are not confined to a folder.
     */
    public static CfgScene readCommandLine(ModelLoader loader, List<String> keys) throws SceneFormatException, IOException {
        return new CfgParser(null, new java.io.StringReader(""), loader, keys).parse();
    }

    /**
     * Reads cfg text from {@code reader} (not closed here).
     *
     * @param cfg names the file in messages; model paths are resolved against its folder
     */
    public static ImportResult read(Path cfg, Reader reader, ModelLoader loader) throws SceneFormatException, IOException {
        return new CfgParser(cfg, reader, loader, List.of()).parse().result();
    }
}
