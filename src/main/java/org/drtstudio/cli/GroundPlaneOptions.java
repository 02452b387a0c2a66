package org.drtstudio.cli;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.GroundPlane;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.AnimatedScene;
import picocli.CommandLine.Option;

import java.util.Locale;

/**
 * {@code drt render --ground-plane y=H[,material=M][,repeat=S]}: the DRT paper's analytic ground
 * plane at height H (facing +y), tested by every ray outside the hierarchy, shaded with material M
 * (default 0) and its textures repeating every S units (default 1); {@code --ground-plane none}
 * takes a project's plane away. Checked before anything is read, each bad word named.
 */
final class GroundPlaneOptions {
    @Option(names = "--ground-plane", paramLabel = "y=H[,material=M][,repeat=S]|none",
            description = "an analytic ground plane y = H tested outside the hierarchy (material M, default 0; textures repeating "
                    + "every S units, default 1); none removes a project's")
    String spec;

    /** Whether the option was given. */
    boolean given() {
        return spec != null;
    }

    /**
     * The plane the option asks for (null for {@code none}).
     *
     * @throws RenderCommand.UsageProblem naming the word and the reason when it cannot be read
     */
    GroundPlane plane() throws RenderCommand.UsageProblem {
        if (spec.trim().toLowerCase(Locale.ROOT).equals("none")) return null;
        Float height = null, repeat = 1f;
        int material = 0;
        for (String word : spec.split(",")) {
            String[] kv = word.trim().split("=", 2);
            if (kv.length != 2) throw problem(word, "expected KEY=VALUE");
            String key = kv[0].trim().toLowerCase(Locale.ROOT);
            switch (key) {
                case "y" -> height = number(word, kv[1]);
                case "repeat" -> repeat = number(word, kv[1]);
                case "material" -> material = wholeNumber(word, kv[1]);
                default -> throw problem(word, "unknown key '" + kv[0].trim() + "' (y, material, repeat)");
            }
        }
        if (height == null) throw problem(spec, "the height y=H is missing");
        try {
            return new GroundPlane(new Vec3(0, height, 0), new Vec3(0, 1, 0), material, repeat);
        } catch (IllegalArgumentException e) {
            throw new RenderCommand.UsageProblem("--ground-plane " + spec + ": " + e.getMessage());
        }
    }

    /**
     * The scene at every time with the option applied.
     *
     * @throws RenderCommand.UsageProblem when the plane names a material the scene lacks
     */
    AnimatedScene apply(AnimatedScene animated, Scene first) throws RenderCommand.UsageProblem {
        GroundPlane plane = plane();
        int materials = first.materials().size();
        if (plane != null && plane.material() >= materials)
            throw new RenderCommand.UsageProblem("--ground-plane " + spec + ": material " + plane.material()
                    + " does not exist; the scene has " + materials + " (0.." + (materials - 1) + ")");
        return animated.map(s -> s.withSettings(s.settings().withGround(plane)));
    }

    private static float number(String word, String text) throws RenderCommand.UsageProblem {
        try {
            float f = Float.parseFloat(text.trim());
            if (!Float.isFinite(f)) throw problem(word, "not a finite number");
            return f;
        } catch (NumberFormatException e) {
            throw problem(word, "not a number");
        }
    }

    private static int wholeNumber(String word, String text) throws RenderCommand.UsageProblem {
        try {
            int n = Integer.parseInt(text.trim());
            if (n < 0) throw problem(word, "a material index is ≥ 0");
            return n;
        } catch (NumberFormatException e) {
            throw problem(word, "not a whole number");
        }
    }

    private static RenderCommand.UsageProblem problem(String word, String why) {
        return new RenderCommand.UsageProblem("--ground-plane: '" + word.trim() + "': " + why);
    }
}
