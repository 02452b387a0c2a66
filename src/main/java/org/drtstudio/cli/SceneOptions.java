package org.drtstudio.cli;

import org.drtstudio.io.AnimatedImport;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.anim.AnimatedScene;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;

/** The scene argument and the overrides shared by commands that render or inspect a scene. */
final class SceneOptions {
    @Parameters(index = "0", paramLabel = "SCENE", description = "scene file: .obj, .nff, .cfg or a .json project")
    Path scene;

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

    /**
     * Loads the scene (a project keeps its animation) and applies the overrides to the scene at
     * every time. Bad overrides are reported here, once, as one user-facing message.
     */
    AnimatedScene load(PrintWriter warnings) throws SceneFormatException {
        AnimatedImport result = SceneLoader.loadAnimated(scene);
        for (String w : result.warnings()) warnings.println("warning: " + w);
        AnimatedScene animated = result.scene();
        Scene first;
        try {
            first = animated.at(0);
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(scene, 0, "at time 0: " + e.getMessage());
        }
        try {
            applyCamera(applySettings(first)); // bad overrides fail here, before any work, not per frame
        } catch (OverrideProblem e) {
            throw new SceneFormatException(null, 0, e.getMessage());
        }
        return animated.map(s -> applyCamera(applySettings(s)));
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
        if (eye == null && look == null && up == null && fov == null) return s;
        Camera c = s.camera();
        try {
            return s.withCamera(c.withView(eye != null ? eye : c.eye(), look != null ? look : c.look(),
                    up != null ? up : c.up(), fov != null ? fov : c.fovY()));
        } catch (IllegalArgumentException e) {
            throw new OverrideProblem("camera: " + e.getMessage());
        }
    }

    /** A command-line override that makes no valid scene; its message is for the user as it is. */
    static final class OverrideProblem extends IllegalArgumentException {
        OverrideProblem(String message) {
            super(message);
        }
    }
}
