package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A random sphere scene for the OpenCL sphere caster's measurements: {@code count} spheres placed by a
 * {@link SphereLayout} — this program's cube ({@link SphereLayout#CUBE}, the default, issue 16) or the
 * paper's box in front of a camera at the origin ({@link SphereLayout#PAPER}, issue 42) — each with its
 * own colour. Everything comes from {@link SplittableRandom} with the seed, whose sequence Java
 * specifies, so a seed gives the same spheres on every machine and Java version. The volume stays the
 * same for every count, so more spheres means a denser cloud and more work per ray, at the paper's
 * counts 100 / 1,000 / 10,000.
 *
 * @param spheres sphere i uses material i
 * @param colors  one colour per sphere
 */
public record RandomSpheres(int count, long seed, List<Sphere> spheres, List<Vec3> colors, SphereLayout layout) {
    /** More than a million spheres is no benchmark of this scene but of the machine's memory. */
    public static final int MAX_COUNT = 1_000_000;
    /** The cube's half-width, and the paper layout's b. */
    public static final float HALF_WIDTH = 10f;
    public static final float MIN_RADIUS = 0.1f, MAX_RADIUS = 0.5f;
    /** The cube layout's view: from +z, far enough that the whole cube is in a 45° field of view. */
    public static final Camera CAMERA = SphereLayout.CUBE.camera();

    public RandomSpheres {
        spheres = List.copyOf(spheres);
        colors = List.copyOf(colors);
    }

    /** The cube layout (issue 16's scene, unchanged). */
    public static RandomSpheres generate(int count, long seed) {
        return generate(count, seed, SphereLayout.CUBE);
    }

    /**
     * @throws IllegalArgumentException with a one-line message when {@code count} is not 1..{@value #MAX_COUNT}
     */
    public static RandomSpheres generate(int count, long seed, SphereLayout layout) {
        String problem = countProblem(count);
        if (problem != null) throw new IllegalArgumentException(problem);
        SplittableRandom random = new SplittableRandom(seed);
        List<Sphere> spheres = new ArrayList<>(count);
        List<Vec3> colors = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            spheres.add(layout.sphere(random, i));
            colors.add(new Vec3(layout.channel(random), layout.channel(random), layout.channel(random)));
        }
        return new RandomSpheres(count, seed, spheres, colors, layout);
    }

    /** The view of this scene's layout. */
    public Camera camera() {
        return layout.camera();
    }

    /** Null when {@code count} can be generated, else the reason in words. */
    public static String countProblem(long count) {
        if (count < 1 || count > MAX_COUNT) return "the sphere count must be 1 to " + String.format("%,d", MAX_COUNT) + ", got " + count;
        return null;
    }

    /**
     * Flat shading, which the sphere caster paper shows as its naive version: each sphere shows its
     * colour, unlit. Materials with only an ambient colour, an ambient light of 1 and no lights give
     * exactly that in both tracers (one camera ray per pixel and no shadow rays), so no separate shading
     * mode is needed.
     */
    public Scene flatScene(int width, int height) {
        List<Material> materials = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            materials.add(Material.named("sphere " + i).ambient(colors.get(i)).build());
        }
        RenderSettings settings = new RenderSettings(width, height, 1, 1, 0, Vec3.ZERO, Vec3.ONE, 1f, 0f, 0f);
        return new Scene(name(), TransformNode.group("spheres",
                List.of(new SphereNode("spheres", spheres))), materials, List.of(), camera(), settings);
    }

    /**
     * The sphere caster's own look, its facing ratio: a pixel is its sphere's colour times
     * sh = max(0, N·(−Rd)), N the sphere's normal at the hit and Rd the camera ray's direction (issue 42).
     * Both tracers give exactly that for a diffuse-only material under one point light at the eye, no
     * ambient light and no attenuation: the direction to the light from a hit is −Rd, the Lambert term is
     * the facing ratio. The cost is a shadow ray per hit pixel (towards the eye: never blocked), which the
     * paper's caster does not trace; docs/BENCHMARKS.md says what that costs.
     */
    public Scene facingScene(int width, int height) {
        List<Material> materials = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            materials.add(Material.named("sphere " + i).diffuse(colors.get(i)).build());
        }
        RenderSettings settings = new RenderSettings(width, height, 1, 1, 0, Vec3.ZERO, Vec3.ZERO, 1f, 0f, 0f);
        return new Scene(name(), TransformNode.group("spheres", List.of(new SphereNode("spheres", spheres))), materials,
                List.of(new PointLight(camera().eye(), Vec3.ONE, 1f)), camera(), settings);
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
        return new Scene(name(), TransformNode.group("spheres",
                List.of(new SphereNode("spheres", spheres))), materials, List.of(new PointLight(layout.light(), Vec3.ONE, 1f)), camera(), settings);
    }

    /** The cube layout's light of the lit scene and the NFF file: beside the eye, up and to the right. */
    public static final Vec3 LIGHT = SphereLayout.CUBE.light();

    private String name() {
        return "random spheres " + count + " seed " + seed + (layout == SphereLayout.CUBE ? "" : " " + layout.cliName());
    }
}
