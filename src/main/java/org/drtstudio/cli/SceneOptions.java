package org.drtstudio.cli;

import org.drtstudio.io.AnimatedImport;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.cfg.CfgDevice;
import org.drtstudio.io.cfg.CfgScene;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.AnimatedScene;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The scene argument and the overrides shared by commands that render or inspect a scene. */
final class SceneOptions {
    @Parameters(index = "0", paramLabel = "SCENE", description = "scene file: .obj, .nff, .cfg, .vox, .vxt, .ply, .gltf, .glb or a .json project; "
            + "or, as the CUDA octree report's tracer takes them, CONFIG=setup.cfg or the scene as .cfg keys alone "
            + "(OBJ=model.obj LIGHT=x/y/z//r/g/b ...)")
    Path scene;

    @Parameters(index = "1..*", paramLabel = "KEY=value", description = ".cfg scenes: values that replace the file's, "
            + "e.g. CAMERA_RESOLUTION=800x600 (OBJ= and LIGHT= add to the file's); CUDA_DEVICE=0/1/2/3 and NUM_CPU_THREADS=N "
            + "choose the GPUs and the CPU tracer's threads as --gpus and --threads do")
    List<String> cfgOverrides = new ArrayList<>();

    @Option(names = "--width", paramLabel = "W", description = "image width in pixels (default: the scene's)")
    Integer width;
    @Option(names = "--height", paramLabel = "H", description = "image height in pixels (default: the scene's)")
    Integer height;
    @Option(names = "--spp", paramLabel = "N", description = "samples per pixel (default: the scene's)")
    Integer spp;
    @Option(names = "--max-depth", paramLabel = "D", description = "maximum ray depth (default: the scene's)")
    Integer maxDepth;
    @Option(names = "--seed", paramLabel = "S", description = "random seed (default 0)")
    Long seed;
    @Option(names = "--eye", paramLabel = "x,y,z", converter = Vec3Converter.class, description = "camera position")
    Vec3 eye;
    @Option(names = "--look", paramLabel = "x,y,z", converter = Vec3Converter.class, description = "point the camera looks at")
    Vec3 look;
    @Option(names = "--up", paramLabel = "x,y,z", converter = Vec3Converter.class, description = "camera up direction")
    Vec3 up;
    @Option(names = "--fov", paramLabel = "DEG", description = "vertical field of view in degrees")
    Float fov;
    @Option(names = "--aperture", paramLabel = "R", description = "lens radius in scene units for depth of field (0 = pinhole)")
    Float aperture;
    @Option(names = "--f-number", paramLabel = "N", description = "aperture as an f-number: lens radius = focal length / (2 N)")
    Float fNumber;
    @Option(names = "--focal-length", paramLabel = "F", description = "focal length in scene units for --f-number "
            + "(default: the full-frame lens with the same field of view, scene units read as metres)")
    Float focalLength;
    @Option(names = "--focus", paramLabel = "D", description = "distance of the plane in focus along the view direction (default: the look point's)")
    Float focus;
    @Option(names = "--light-radius", paramLabel = "R", description = "make every point or spherical light a sphere of radius R "
            + "(0 = point light, hard shadows); rectangular lights keep their shape")
    Float lightRadius;

    /** Wall time of the last {@link #load}'s reading of the file, and its phases where the reader times them. */
    double importMillis;
    /** What a .cfg scene's ARCH and CUDA_DEVICE ask for (set by {@link #load}); unspecified for other files. */
    CfgDevice cfgDevice = CfgDevice.UNSPECIFIED;
    java.util.List<org.drtstudio.io.TimedPhase> importPhases = java.util.List.of();

    private CfgCommandLine words;

    /**
     * The positional words read ({@link CfgCommandLine}). Once read, {@link #scene} is what the scene
     * goes by: its file (CONFIG= read), or its first model when the keys alone make it.
     */
    CfgCommandLine words() throws SceneFormatException {
        if (words == null) {
            words = CfgCommandLine.of(scene, cfgOverrides);
            scene = words.name();
        }
        return words;
    }

    /** What the scene goes by (the default output name, messages), the positional words read. */
    Path sceneName() throws SceneFormatException {
        words();
        return scene;
    }

    /** Whether the scene is a {@code .cfg} scene (a file, or keys alone), whose keys may choose the back end and devices. */
    boolean isCfg() throws SceneFormatException {
        CfgCommandLine words = words();
        return words.keysOnly() || words.byConfigKey() || SceneLoader.isCfg(words.file());
    }

    /**
     * Loads the scene (a project keeps its animation) and applies the overrides to the scene at
     * every time. Bad overrides are reported here, once, as one user-facing message.
     */
    AnimatedScene load(PrintWriter warnings) throws SceneFormatException {
        long t0 = System.nanoTime();
        AnimatedImport result;
        CfgCommandLine words = words();
        if (isCfg()) {
            CfgScene cfg = words.keysOnly() ? SceneLoader.loadCfgKeys(words.keys()) : SceneLoader.loadCfg(words.file(), words.keys());
            cfgDevice = cfg.device();
            result = new AnimatedImport(AnimatedScene.constant(cfg.result().scene()), cfg.result().warnings(), cfg.result().phases());
        } else {
            if (!words.keys().isEmpty()) {
                throw new SceneFormatException(scene, 0, "KEY=value overrides such as " + Excerpt.quote(words.keys().get(0))
                        + " apply to .cfg scenes only; without a .cfg, give the model as a key too (OBJ=model.obj KEY=value ...)");
            }
            result = SceneLoader.loadAnimated(scene);
        }
        importMillis = org.drtstudio.io.TimedPhase.since(t0);
        importPhases = result.phases();
        for (String w : result.warnings()) warnings.println("warning: " + w);
        AnimatedScene animated = result.scene();
        Scene first;
        try {
            first = animated.at(0);
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(scene, 0, "at time 0: " + e.getMessage());
        }
        try {
            if (focalLength != null && fNumber == null) throw new OverrideProblem("--focal-length only applies with --f-number");
            if (fNumber != null && aperture != null) throw new OverrideProblem("give the aperture as --aperture or as --f-number, not both");
            applyLights(applyCamera(applySettings(first))); // bad overrides fail here, before any work, not per frame
        } catch (OverrideProblem e) {
            throw new SceneFormatException(null, 0, e.getMessage());
        }
        if (lightRadius != null && first.lights().stream().anyMatch(l -> l instanceof RectLight))
            warnings.println("warning: --light-radius leaves the scene's rectangular lights as they are");
        return animated.map(s -> applyLights(applyCamera(applySettings(s))));
    }

    private Scene applySettings(Scene s) {
        RenderSettings rs = s.settings();
        try {
            rs = rs.withSize(width != null ? width : rs.width(), height != null ? height : rs.height())
                    .withSampling(spp != null ? spp : rs.samplesPerPixel(), maxDepth != null ? maxDepth : rs.maxDepth(),
                            seed != null ? seed : rs.seed());
        } catch (IllegalArgumentException e) {
            throw new OverrideProblem(e.getMessage());
        }
        return s.withSettings(rs);
    }

    private Scene applyCamera(Scene s) {
        if (eye == null && look == null && up == null && fov == null && aperture == null && fNumber == null && focus == null) return s;
        Camera c = s.camera();
        try {
            c = c.withView(eye != null ? eye : c.eye(), look != null ? look : c.look(),
                    up != null ? up : c.up(), fov != null ? fov : c.fovY());
            float lens = c.aperture();
            if (aperture != null) lens = aperture;
            if (fNumber != null) lens = Camera.apertureRadius(fNumber, focalLength != null ? focalLength : c.fullFrameFocalLength());
            return s.withCamera(c.withLens(lens, focus != null ? focus : c.focusDistance()));
        } catch (IllegalArgumentException e) {
            throw new OverrideProblem("camera: " + e.getMessage());
        }
    }

    private Scene applyLights(Scene s) {
        if (lightRadius == null) return s;
        if (!(lightRadius >= 0) || !Float.isFinite(lightRadius))
            throw new OverrideProblem("--light-radius must be ≥ 0, got " + lightRadius);
        return s.withLights(s.lights().stream().map(l -> l.withRadius(lightRadius)).toList());
    }

    /** A command-line override that makes no valid scene; its message is for the user as it is. */
    static final class OverrideProblem extends IllegalArgumentException {
        OverrideProblem(String message) {
            super(message);
        }
    }
}
