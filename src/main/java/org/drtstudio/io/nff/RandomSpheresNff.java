package org.drtstudio.io.nff;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Sphere;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A random sphere scene as NFF text: the view ({@link RandomSpheres#CAMERA}, 800×800 as in the
 * paper), a black background, one light beside the eye, and per sphere its colour ({@code f} with
 * Kd 1, so NFF's ambient and diffuse are the colour) and the sphere. Numbers are written with six
 * decimals in the root locale, so the same spheres give the same bytes on every machine.
 */
public final class RandomSpheresNff {
    private RandomSpheresNff() {
    }

    public static byte[] bytes(RandomSpheres scene) {
        Camera c = scene.camera();
        StringBuilder out = new StringBuilder(64 + 80 * scene.count());
        out.append("# random spheres: ").append(scene.count()).append(" spheres, seed ").append(scene.seed())
                .append(" (drt generate spheres)\n");
        out.append("v\nfrom ").append(vec(c.eye())).append("\nat ").append(vec(c.look())).append("\nup ").append(vec(c.up()))
                .append("\nangle ").append(num(c.fovY())).append("\nhither 1\nresolution 800 800\n");
        out.append("b 0 0 0\n");
        out.append("l ").append(vec(scene.layout().light())).append('\n');
        for (int i = 0; i < scene.count(); i++) {
            Sphere s = scene.spheres().get(i);
            out.append("f ").append(vec(scene.colors().get(i))).append(" 1 0 0 0 1\n");
            out.append("s ").append(vec(s.center())).append(' ').append(num(s.radius())).append('\n');
        }
        return out.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static String vec(Vec3 v) {
        return num(v.x()) + " " + num(v.y()) + " " + num(v.z());
    }

    private static String num(float f) {
        return String.format(Locale.ROOT, "%.6f", f);
    }
}
