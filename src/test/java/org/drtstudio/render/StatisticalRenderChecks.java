package org.drtstudio.render;

import org.drtstudio.accel.EnvironmentMap;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.testing.TestScenes;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A statistical render test per backend and scene ({@link RenderStatistics}): the backend under
 * test and a reference renderer (the CPU twin) each render a small scene in independent runs, and
 * their expected images must agree block by block. Scenes are 32×24 so llvmpipe renders them in
 * a second or two; between them they exercise soft shadows from a sphere light, glass, a mirror,
 * a glossy reflection, depth of field and an environment light.
 */
public final class StatisticalRenderChecks {
    static final int WIDTH = 32, HEIGHT = 24, BLOCK = 4;
    /** Independent runs per renderer: enough degrees of freedom for the t-test (2 × 12 - 2). */
    static final int RUNS = 12;
    static final int TESTED_SPP = 8, REFERENCE_SPP = 32;

    private StatisticalRenderChecks() {
    }

    /** A scene packed for rendering, under a name for the test's report. */
    public record RenderCase(String name, Scene scene, GeometryImage image) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The scenes every backend is compared on. */
    public static List<RenderCase> cases() {
        Scene penumbra = AdaptiveChecks.penumbra(WIDTH, 1);
        penumbra = penumbra.withSettings(penumbra.settings().withSize(WIDTH, HEIGHT));
        Scene balls = EnvironmentScenes.balls(new Environment("sky with a sun", 30, 1), WIDTH, HEIGHT, 1);
        return List.of(new RenderCase("soft shadow of a sphere light", penumbra, GeometryImagePacker.pack(penumbra)),
                new RenderCase("glass and mirror balls through a lens", glassMirrorLens(), GeometryImagePacker.pack(glassMirrorLens())),
                new RenderCase("glossy and mirror balls under a sky", balls, GeometryImagePacker.pack(balls).withEnvironment(
                        EnvironmentMap.of(skyWithSun(), balls.settings().environment()))));
    }

    /** {@code tested}'s expected image of {@code c} is the {@code reference}'s, block by block. */
    public static void agreesInExpectation(Renderer tested, Renderer reference, RenderCase c) throws RenderException {
        double[][] a = RenderStatistics.blockMeans(runs(tested, c, TESTED_SPP, 1000), BLOCK);
        double[][] b = RenderStatistics.blockMeans(runs(reference, c, REFERENCE_SPP, 2000), BLOCK);
        RenderStatistics.Outcome o = RenderStatistics.compare(a, b);
        assertFalse(o.rejected(), tested.description() + " against " + reference.description() + " on " + c.name() + ": " + o);
        // The test has the power it claims: the same runs made 3% darker (a light too dim) fail it.
        RenderStatistics.Outcome darker = RenderStatistics.compare(scaled(a, 0.97), b);
        assertTrue(darker.rejected(), "a picture 3% darker must fail on " + c.name() + ": " + darker);
    }

    private static double[][] scaled(double[][] runs, double factor) {
        double[][] s = new double[runs.length][];
        for (int r = 0; r < runs.length; r++) {
            s[r] = runs[r].clone();
            for (int j = 0; j < s[r].length; j++) s[r][j] *= factor;
        }
        return s;
    }

    /** {@link #RUNS} renders of {@code spp} samples, seeds from {@code firstSeed} on (two renderers never share a seed). */
    static Frame[] runs(Renderer r, RenderCase c, int spp, long firstSeed) throws RenderException {
        Frame[] frames = new Frame[RUNS];
        for (int k = 0; k < RUNS; k++) {
            RenderSettings s = c.scene().settings().withSampling(spp, c.scene().settings().maxDepth(), firstSeed + k);
            frames[k] = r.render(c.image(), TraceParameters.of(c.scene().camera(), s, c.image()), EnumSet.of(Aov.RADIANCE),
                    ProgressListener.NONE);
        }
        return frames;
    }

    /** A glass ball and a mirror ball on a floor under a sphere light, seen through a lens focused between them. */
    static Scene glassMirrorLens() {
        Vec3 none = Vec3.ZERO;
        Material floor = Material.named("floor").ambient(none).diffuse(new Vec3(0.7f, 0.7f, 0.6f)).specular(none).build();
        Material glass = Material.named("glass").ambient(none).diffuse(new Vec3(0.05f, 0.05f, 0.05f)).specular(none)
                .transparency(0.9f).ior(1.5f).build();
        Material mirror = Material.named("mirror").ambient(none).diffuse(new Vec3(0.1f, 0.1f, 0.1f)).specular(none)
                .reflectivity(0.85f).build();
        Camera cam = new Camera(new Vec3(0, 2.2f, 6), new Vec3(0, 0.7f, 0), new Vec3(0, 1, 0), 40, 0.12f, 6.2f);
        return new Scene("glass and mirror", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 6, 0)),
                new SphereNode("balls", List.of(new Sphere(new Vec3(-0.9f, 0.8f, 0), 0.8f, 1), new Sphere(new Vec3(1.0f, 0.8f, -0.8f), 0.8f, 2))))),
                List.of(floor, glass, mirror), List.of(new SphereLight(new Vec3(2, 6, 3), Vec3.ONE, 1, 1f)), cam,
                new RenderSettings(WIDTH, HEIGHT, 1, 5, 0, new Vec3(0.1f, 0.12f, 0.2f), none, 1, 0, 0));
    }

    /** A sky that brightens towards the zenith, with a small sun ten times brighter than the rest. */
    static TextureImage skyWithSun() {
        int w = 64, h = 32;
        float[] rgb = new float[3 * w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float up = 1 - y / (float) h;
                boolean sun = Math.abs(x - 20) <= 1 && Math.abs(y - 8) <= 1;
                float k = sun ? 12 : 0.3f + 0.7f * up;
                int i = 3 * (y * w + x);
                rgb[i] = 0.6f * k;
                rgb[i + 1] = 0.75f * k;
                rgb[i + 2] = k;
            }
        }
        return new TextureImage(w, h, rgb);
    }
}
