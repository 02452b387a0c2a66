package org.drtstudio.cli;

import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.authored.AnimatedScene;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;

/**
 * {@code drt render}'s environment light: {@code --env FILE} (an equirectangular .hdr or .exr sky),
 * {@code --env-rotation DEG}, {@code --env-strength S}. Rotation and strength alone change the
 * scene's own environment (a project's). The picture is read before anything is built, so a file
 * that is missing or unreadable ends the render with one line naming it and why (exit code 2),
 * where a project naming a bad picture only warns and renders with its background colour.
 */
final class EnvironmentOptions {
    @Option(names = "--env", paramLabel = "FILE",
            description = "light the scene with an equirectangular HDR sky (.hdr or .exr), also seen as the background")
    Path file;
    @Option(names = "--env-rotation", paramLabel = "DEG",
            description = "turn the environment about the vertical axis by DEG degrees (default: the project's, else 0)")
    Float rotation;
    @Option(names = "--env-strength", paramLabel = "S",
            description = "multiply the environment's radiance by S (default: the project's, else 1)")
    Float strength;

    /** Whether any of the options was given. */
    boolean given() {
        return file != null || rotation != null || strength != null;
    }

    /**
     * Checks the options, and reads --env's picture through {@code loader} (whose cache then serves
     * the render); {@code problems} is where that loader's warnings went.
     *
     * @throws RenderCommand.UsageProblem naming the file and the reason when it cannot be used
     */
    void check(Scene first, TextureLoader loader, List<String> problems) throws RenderCommand.UsageProblem {
        if (rotation != null && !Float.isFinite(rotation)) throw new RenderCommand.UsageProblem("--env-rotation must be a finite angle, got " + rotation);
        if (strength != null && !(strength >= 0 && strength <= Environment.MAX_STRENGTH))
            throw new RenderCommand.UsageProblem("--env-strength must be between 0 and " + Environment.MAX_STRENGTH + ", got " + strength);
        if (file == null && (rotation != null || strength != null) && first.settings().environment() == null)
            throw new RenderCommand.UsageProblem("--env-rotation and --env-strength need an environment: give one with --env FILE");
        if (file == null) return;
        problems.clear();
        if (loader.load(path(), TextureImage.Encoding.ENVIRONMENT) == null) {
            String why = problems.isEmpty() ? path() + ": cannot read environment picture" : problems.get(0);
            throw new RenderCommand.UsageProblem("--env " + TextureLoader.withoutFallback(why));
        }
    }

    /** The scene at every time with the options applied. */
    AnimatedScene apply(AnimatedScene animated) {
        if (!given()) return animated;
        return animated.map(this::apply);
    }

    private Scene apply(Scene s) {
        RenderSettings rs = s.settings();
        Environment env = rs.environment();
        if (file != null) env = env == null ? Environment.of(path()) : env.withPath(path());
        if (env == null) return s;
        if (rotation != null) env = env.withRotation(rotation);
        if (strength != null) env = env.withStrength(strength);
        return s.withSettings(rs.withEnvironment(env));
    }

    private String path() {
        return file.toAbsolutePath().normalize().toString();
    }
}
