package org.drtstudio.cli;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;

/** The scene argument and the overrides shared by commands that render or inspect a scene. */
final class SceneOptions {
    @Parameters(index = "0", paramLabel = "SCENE", description = "scene file: .obj, .nff or .cfg")
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

    /** Loads the scene and applies the overrides; problems become one user-facing message. */
    Scene load(PrintWriter warnings) throws SceneFormatException {
        ImportResult result = SceneLoader.load(scene);
        for (String w : result.warnings()) warnings.println("warning: " + w);
        Scene s = result.scene();
        RenderSettings rs = s.settings();
        try {
            rs = rs.withSize(width != null ? width : rs.width(), height != null ? height : rs.height())
                    .withSampling(spp != null ? spp : rs.samplesPerPixel(), maxDepth != null ? maxDepth : rs.maxDepth(),
                            seed != null ? seed : rs.seed());
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(null, 0, e.getMessage());
        }
        Camera c = s.camera();
        if (eye != null || look != null || up != null || fov != null) {
            try {
                c = c.withView(eye != null ? eye : c.eye(), look != null ? look : c.look(), up != null ? up : c.up(),
                        fov != null ? fov : c.fovY());
            } catch (IllegalArgumentException e) {
                throw new SceneFormatException(null, 0, "camera: " + e.getMessage());
            }
        }
        return s.withSettings(rs).withCamera(c);
    }
}
