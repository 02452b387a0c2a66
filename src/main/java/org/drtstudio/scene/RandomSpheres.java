package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A random sphere scene for the OpenCL sphere caster's measurements, not the paper's own scene (the
 * paper places x and y in ±b and z in [−b, 0], seen from the origin looking down −z, size and colour
 * from rand·b, as issue 42 describes it; not built yet): {@code count} spheres with centres
 * uniform in a cube of half-width {@link #HALF_WIDTH} around the origin, radii uniform in
 * [{@link #MIN_RADIUS}, {@link #MAX_RADIUS}) and colours uniform in [0.2, 1) per channel, seen from
 * +z. Everything comes from {@link SplittableRandom} with the seed, whose sequence Java specifies,
 * so a seed gives the same spheres on every machine and Java version; each value is drawn in a fixed
 * order (centre x, y, z, radius, r, g, b per sphere). The cube stays the same for every count, so
 * more spheres means a denser cloud and more work per ray, at the paper's counts 100 / 1,000 / 10,000.
 *
 * @param spheres sphere i uses material i
 * @param colors  one colour per sphere
 */
public record RandomSpheres(int count, long seed, List<Sphere> spheres, List<Vec3> colors) {
    /** More than a million spheres is no benchmark of this scene but of the machine's memory. */
    public static final int MAX_COUNT = 1_000_000;
    public static final float HALF_WIDTH = 10f;
    public static final float MIN_RADIUS = 0.1f, MAX_RADIUS = 0.5f;
    /** The view: from +z, far enough that the whole cube is in a 45° field of view. */
    public static final Camera CAMERA = new Camera(new Vec3(0, 0, 40), Vec3.ZERO, new Vec3(0, 1, 0), 45f, 0f, 0f);

    public RandomSpheres {
        spheres = List.copyOf(spheres);
        colors = List.copyOf(colors);
    }

    /**
     * @throws IllegalArgumentException with a one-line message when {@code count} is not 1..{@value #MAX_COUNT}
     */
    public static RandomSpheres generate(int count, long seed) {
        String problem = countProblem(count);
        if (problem != null) throw new IllegalArgumentException(problem);
        SplittableRandom random = new SplittableRandom(seed);
        List<Sphere> spheres = new ArrayList<>(count);
        List<Vec3> colors = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Vec3 centre = new Vec3(coordinate(random), coordinate(random), coordinate(random));
            float radius = MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * (float) random.nextDouble();
            spheres.add(new Sphere(centre, radius, i));
            colors.add(new Vec3(channel(random), channel(random), channel(random)));
        }
        return new RandomSpheres(count, seed, spheres, colors);
    }

    /** Null when {@code count} can be generated, else the reason in words. */
    public static String countProblem(long count) {
        if (count < 1 || count > MAX_COUNT) return "the sphere count must be 1 to " + String.format("%,d", MAX_COUNT) + ", got " + count;
        return null;
    }

    private static float coordinate(SplittableRandom random) {
        return (float) ((2 * random.nextDouble() - 1) * HALF_WIDTH);
    }

    private static float channel(SplittableRandom random) {
        return (float) (0.2 + 0.8 * random.nextDouble());
    }

    /**
     * Flat shading, which the paper shows as its naive version (its own look is the facing ratio,
     * max(0, N·(−Rd)), not built here): each sphere shows its colour, unlit. Materials with only an ambient
     * colour, an ambient light of 1 and no lights give exactly that in both tracers (one camera ray per
     * pixel and no shadow rays), so no separate shading mode is needed.
     */
    public Scene flatScene(int width, int height) {
        List<Material> materials = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            materials.add(Material.named("sphere " + i).ambient(colors.get(i)).build());
        }
        RenderSettings settings = new RenderSettings(width, height, 1, 1, 0, Vec3.ZERO, Vec3.ONE, 1f, 0f, 0f);
        return new Scene("random spheres " + count + " seed " + seed, TransformNode.group("spheres",
                List.of(new SphereNode("spheres", spheres))), materials, List.of(), CAMERA, settings);
    }

    /**
     * The scene as its NFF file describes it: Phong spheres (ambient and diffuse the colour), NFF's
     * 0.1 ambient light, one light beside the eye ({@link #LIGHT}), so shadow rays are traced too.
     */
    public Scene litScene(int width, int height) {
        List<Material> materials = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            materials.add(Material.named("sphere " + i).ambient(colors.get(i)).diffuse(colors.get(i)).build());
        }
        Vec3 grey = new Vec3(0.1f, 0.1f, 0.1f);
        RenderSettings settings = new RenderSettings(width, height, 1, 5, 0, Vec3.ZERO, grey, 1f, 0f, 0f);
        return new Scene("random spheres " + count + " seed " + seed, TransformNode.group("spheres",
                List.of(new SphereNode("spheres", spheres))), materials, List.of(new PointLight(LIGHT, Vec3.ONE, 1f)), CAMERA, settings);
    }

    /** The light of the lit scene and the NFF file: beside the eye, up and to the right. */
    public static final Vec3 LIGHT = new Vec3(10, 10, 40);
}
