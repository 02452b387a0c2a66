package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Where {@link RandomSpheres} puts its spheres and its camera. Each layout draws a sphere's values in
 * the same fixed order (centre x, y, z, radius, then r, g, b of its colour) from one
 * {@link SplittableRandom}, so a seed gives the same spheres on every machine.
 *
 * <p>The sphere caster paper's text is not in ../shared; {@link #PAPER} follows its scene as issue 42
 * quotes it ("x, y in ±b, z in [−b, 0], camera at the origin looking down −z, size and colour from
 * rand·b"), and what the quote leaves open is this program's choice, said where it is made.
 */
public enum SphereLayout {
    /**
     * This program's cube (issue 16): centres uniform in a cube of half-width {@link RandomSpheres#HALF_WIDTH}
     * around the origin, radii uniform in [{@link RandomSpheres#MIN_RADIUS}, {@link RandomSpheres#MAX_RADIUS}),
     * colours uniform in [0.2, 1), seen from +z far enough that the whole cube is in a 45° field of view.
     */
    CUBE("cube", new Camera(new Vec3(0, 0, 40), Vec3.ZERO, new Vec3(0, 1, 0), 45f, 0f, 0f), new Vec3(10, 10, 40)) {
        @Override
        Sphere sphere(SplittableRandom random, int material) {
            Vec3 centre = new Vec3(symmetric(random), symmetric(random), symmetric(random));
            float radius = RandomSpheres.MIN_RADIUS + (RandomSpheres.MAX_RADIUS - RandomSpheres.MIN_RADIUS) * (float) random.nextDouble();
            return new Sphere(centre, radius, material);
        }

        @Override
        float channel(SplittableRandom random) {
            return (float) (0.2 + 0.8 * random.nextDouble());
        }
    },
    /**
     * The sphere caster's scene as issue 42 quotes it, with b = {@link RandomSpheres#HALF_WIDTH}: x and y
     * uniform in ±b, z uniform in [−b, 0], the camera at the origin looking down −z. "Size and colour from
     * rand·b": radius = rand·b·{@link #PAPER_SIZE}, with rand uniform in (0, 1] (a sphere needs a radius);
     * taken with a factor of 1 every sphere could be as large as the box is deep and 100 of them would fill
     * it several times over, so the factor is ours, chosen to give the cube's largest radius (0.5 at b = 10).
     * Colour: rand per channel in [0, 1) (b normalised to 1 for a colour). The field of view, 90° vertical,
     * is ours too: it shows the far wall z = −b from y = −b to b.
     */
    PAPER("paper", new Camera(Vec3.ZERO, new Vec3(0, 0, -1), new Vec3(0, 1, 0), 90f, 0f, 0f), new Vec3(10, 10, 0)) {
        @Override
        Sphere sphere(SplittableRandom random, int material) {
            float b = RandomSpheres.HALF_WIDTH;
            float x = symmetric(random), y = symmetric(random);
            float z = (float) (-random.nextDouble() * b);
            float radius = (float) ((1.0 - random.nextDouble()) * b * PAPER_SIZE);
            return new Sphere(new Vec3(x, y, z), radius, material);
        }

        @Override
        float channel(SplittableRandom random) {
            return (float) random.nextDouble();
        }
    };

    /** The paper layout's radius as a fraction of b: rand·b·{@value}. */
    public static final float PAPER_SIZE = 0.05f;

    private final String cliName;
    private final Camera camera;
    private final Vec3 light;

    SphereLayout(String cliName, Camera camera, Vec3 light) {
        this.cliName = cliName;
        this.camera = camera;
        this.light = light;
    }

    /** The next sphere drawn from {@code random}: centre x, y, z, then radius. */
    abstract Sphere sphere(SplittableRandom random, int material);

    /** One colour channel drawn from {@code random}. */
    abstract float channel(SplittableRandom random);

    /** The view the layout is made for. */
    public Camera camera() {
        return camera;
    }

    /** The lit scene's one light (and the NFF file's): beside the eye, up and to the right. */
    public Vec3 light() {
        return light;
    }

    public String cliName() {
        return cliName;
    }

    /** "cube|paper", for messages and option labels. */
    public static String choices() {
        return Arrays.stream(values()).map(SphereLayout::cliName).collect(Collectors.joining("|"));
    }

    /**
     * @throws IllegalArgumentException naming the value and the choices, in one line
     */
    public static SphereLayout parse(String text) {
        String name = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (SphereLayout l : values()) if (l.cliName.equals(name)) return l;
        throw new IllegalArgumentException("--layout must be " + choices().replace("|", " or ") + ", got '" + text + "'");
    }

    private static float symmetric(SplittableRandom random) {
        return (float) ((2 * random.nextDouble() - 1) * RandomSpheres.HALF_WIDTH);
    }
}
