package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.scene.Scene;

import java.io.StringReader;
import java.nio.file.Path;

/** Scenes for the guide-AOV tests: a floor of two colours meeting along a line down the picture. */
public final class GuideScenes {
    public static final int WIDTH = 48, HEIGHT = 32;

    private GuideScenes() {
    }

    /** Red floor left of x = 0, white right of it, seen from above at an angle; a ball on the white side. */
    public static Scene twoColourFloor() throws Exception {
        String nff = """
                b 0.1 0.1 0.1
                v
                from 0 4 6
                at 0 0 0
                up 0 1 0
                angle 40
                hither 1
                resolution 48 32
                l 0 8 2
                f 1 0 0 1 0 0 0 1
                p 4
                -8 0 -8
                -8 0 8
                0 0 8
                0 0 -8
                f 1 1 1 1 0 0 0 1
                p 4
                0 0 -8
                0 0 8
                8 0 8
                8 0 -8
                f 0.2 0.5 0.9 1 0 0 0 1
                s 2 0.6 0 0.6
                """;
        return NffReader.read(Path.of("two-colour-floor.nff"), new StringReader(nff)).scene();
    }

    /** Two walls at z = ±1 facing each other, each mostly mirror (0.6) and partly glass (0.35), red and blue; camera between them. */
    public static Scene facingMirrors(int maxDepth) throws Exception {
        String nff = """
                b 0 0 0
                v
                from 0 0 0
                at 0.3 0.2 1
                up 0 1 0
                angle 50
                hither 0.01
                resolution 16 16
                l 0 5 0
                f 1 0.2 0.2 0.05 0.6 50 0.35 1.3
                p 4
                -50 -50 1
                50 -50 1
                50 50 1
                -50 50 1
                f 0.2 0.2 1 0.05 0.6 50 0.35 1.3
                p 4
                -50 -50 -1
                -50 50 -1
                50 50 -1
                50 -50 -1
                """;
        Scene s = NffReader.read(Path.of("facing.nff"), new StringReader(nff)).scene();
        return s.withSettings(s.settings().withSize(16, 16).withSampling(1, maxDepth, 1));
    }

    /** The scene's parameters at {@link #WIDTH}×{@link #HEIGHT}, {@code spp} samples, lens of radius {@code aperture} focused at 1. */
    public static TraceParameters parameters(Scene s, GeometryImage image, int spp, float aperture) {
        return parameters(s, image, WIDTH, HEIGHT, spp, aperture);
    }

    /** The same at {@code width}×{@code height}. */
    public static TraceParameters parameters(Scene s, GeometryImage image, int width, int height, int spp, float aperture) {
        var settings = s.settings().withSize(width, height).withSampling(spp, s.settings().maxDepth(), 7);
        return TraceParameters.of(s.camera().withLens(aperture, 1f), settings, image);
    }

    public static GeometryImage pack(Scene s) {
        return GeometryImagePacker.pack(s);
    }
}
