package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DistributedEffectsChecks;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;
import org.drtstudio.testing.TestTextures;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The GL tracer against the CPU reference on the same packed data: per-pixel depth (distance to
 * the first hit) and the shaded image. Every SPD scene is rendered at a small size, and textured
 * and bump-mapped scenes; what each tracer must do on its own is {@link org.drtstudio.render.RendererContract}.
 */
@Timeout(600)
class GpuCpuAgreementTest {
    static final int SIZE = 96;
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();
    private static final CpuRenderer cpu = new CpuRenderer();

    static Stream<Path> spdScenes() throws IOException {
        try (Stream<Path> files = Files.list(TestData.sharedRoot().resolve("nff"))) {
            return files.filter(p -> p.toString().endsWith(".nff")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("spdScenes")
    void spdSceneDepthAndImageAgree(Path file) throws Exception {
        Scene scene = NffReader.read(file).scene();
        assertAgreement(scene.withSettings(scene.settings().withSize(SIZE, SIZE)), file.getFileName().toString());
    }

    static Stream<String> objModels() {
        return Stream.of("bunny_lowres/bunny.obj", "armadillo_tiny/armadillo.obj", "cow/cow.obj", "suzanne/suzanne.obj",
                "cornellbox_mcguire/CornellBox-Original.obj");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("objModels")
    void objModelDepthAndImageAgree(String model) throws Exception {
        Scene scene = ObjReader.read(TestData.resource("obj/" + model)).scene();
        assertAgreement(scene.withSettings(scene.settings().withSize(96, 72)), model);
    }

    /** The GL tracer's estimate converges to the CPU reference's, its noise falling at least as 1/√n. */
    @Test
    void convergesToTheCpuReference() throws Exception {
        DistributedEffectsChecks.convergesToReferenceAndNoiseFallsAtLeastAsInverseSqrt(GL.get(), cpu);
    }

    /** The spider's five JPEG textures, read through its MTL file. */
    @Test
    void texturedObjAgrees() throws Exception {
        Scene scene = ObjReader.read(TestData.resource("obj/spider_milkshape/spider.obj")).scene();
        List<String> warnings = new ArrayList<>();
        assertAgreement(GL.get(), scene.withSettings(scene.settings().withSize(96, 72)),
                new TextureLoader(warnings::add), 1e-3, "spider");
        assertEquals(List.of(), warnings);
    }

    /**
     * scenes/baddie.json: Spot among loose spheres (mirror, glass) on the analytic ground plane, its
     * checker texture repeating out to the horizon: the GLSL plane test and the CPU's give the same
     * depth, normals, albedo and picture.
     */
    @Test
    void baddieOnTheGroundPlaneAgrees() throws Exception {
        Scene scene = org.drtstudio.io.project.ProjectConverter.open(Path.of("scenes/baddie.json")).model().at(0);
        assertNotNull(scene.settings().ground(), "baddie's ground is the analytic plane");
        List<String> warnings = new ArrayList<>();
        assertAgreement(GL.get(), scene.withSettings(scene.settings().withSize(96, 54)), new TextureLoader(warnings::add), 1e-3, "baddie");
        assertEquals(List.of(), warnings);
    }

    /**
     * Bump-mapped and textured spheres and a rotated, scaled quad under a light: bump maps on both
     * primitive kinds, through instance transforms, with repeat and clamp.
     */
    @Test
    void bumpedSceneAgrees(@TempDir Path dir) throws Exception {
        Random rnd = new Random(3);
        int[][] noise = new int[16][16];
        int[][][] colours = new int[8][8][];
        for (int[] row : noise) for (int i = 0; i < row.length; i++) row[i] = rnd.nextInt(256);
        for (int[][] row : colours) for (int i = 0; i < row.length; i++) row[i] = new int[]{rnd.nextInt(256), rnd.nextInt(256), rnd.nextInt(256)};
        String bump = TestTextures.grayPng(dir.resolve("noise.png"), noise).toString();
        String tex = TestTextures.rgbPng(dir.resolve("colours.png"), colours).toString();
        Vec3 grey = new Vec3(0.7f, 0.7f, 0.7f);
        Material base = Material.named("m").ambient(new Vec3(0.1f, 0.1f, 0.1f)).diffuse(grey)
                .specular(new Vec3(0.3f, 0.3f, 0.3f)).phongExponent(20).diffuseTexture(tex).build();
        List<Material> mats = List.of(base.withBump(bump, 0.05f),
                base.withBump(bump, 0.02f).withTextureWrap(org.drtstudio.scene.TextureWrap.CLAMP),
                base.withDiffuseTexture(null).withBump(bump, 0.1f));
        float[] p = {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0};
        float[] n = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        float[] uv = {-0.5f, -0.5f, 2.5f, -0.5f, 2.5f, 2.5f, -0.5f, 2.5f};
        TriangleMesh quad = new TriangleMesh("quad", p, n, uv, new int[]{0, 1, 2, 0, 2, 3}, new int[]{0, 1});
        Matrix4f place = new Matrix4f().translate(0, -0.5f, -1).rotateX(-1.1f).scale(3, 2, 1);
        List<SceneNode> nodes = List.of(
                new TransformNode("floor", place, List.of(new MeshNode("quad", quad))),
                new SphereNode("balls", List.of(new Sphere(new Vec3(-0.7f, 0, 0), 0.5f, 0), new Sphere(new Vec3(0.6f, 0.1f, 0.2f), 0.45f, 2))),
                new TransformNode("squashed", new Matrix4f().translate(0, 0.8f, -0.3f).scale(1, 0.5f, 1),
                        List.of(new SphereNode("ball", List.of(new Sphere(Vec3.ZERO, 0.4f, 1))))));
        RenderSettings rs = new RenderSettings(96, 72, 1, 4, 0, new Vec3(0.05f, 0.05f, 0.08f), new Vec3(0.2f, 0.2f, 0.2f), 1, 0, 0);
        Scene scene = new Scene("bumped", TransformNode.group("root", nodes), mats,
                List.of(new PointLight(new Vec3(2, 3, 4), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0.5f, 4), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), rs);
        List<String> warnings = new ArrayList<>();
        assertAgreement(GL.get(), scene, new TextureLoader(warnings::add), 1e-3, "bumped");
        assertEquals(List.of(), warnings);
    }

    /** Compares depth per pixel and the shaded images; returns nothing, fails with a summary. */
    static void assertAgreement(Scene scene, String name) throws Exception {
        assertAgreement(GL.get(), scene, TextureSource.NONE, 1e-6, name);
    }

    /**
     * The same with the scene's textures from {@code textures}; {@code albedoTolerance} bounds the
     * summed per-pixel albedo difference (a texture turns the last-bit differences of the hit point
     * into colour differences up to the texture's contrast per texel).
     */
    static void assertAgreement(GlRenderer gpu, Scene scene, TextureSource textures, double albedoTolerance, String name)
            throws Exception {
        GeometryImage gi = GeometryImagePacker.pack(scene, textures);
        TraceParameters p = TraceParameters.of(scene.camera(), scene.settings(), gi);
        var aovs = EnumSet.of(Aov.DEPTH, Aov.RADIANCE, Aov.NORMAL, Aov.ALBEDO);
        Frame g = gpu.render(gi, p, aovs, ProgressListener.NONE);
        Frame c = cpu.render(gi, p, aovs, ProgressListener.NONE);
        assertEquals(0, g.errors(), name + ": GPU traversal overflowed");
        assertEquals(0, c.errors(), name + ": CPU traversal overflowed");
        long hits = 0;
        for (float v : c.depth()) if (Float.isFinite(v)) hits++;
        assertTrue(hits >= c.depth().length / 20, name + ": the view shows almost nothing (" + hits + " hits); the comparison would be empty");
        DepthComparison d = DepthComparison.of(g.depth(), c.depth(), p.width(), p.height(), 1e-4);
        assertTrue(d.agreeingFraction() >= 0.995, name + ": " + d);
        assertEquals(0, d.maskMismatchesOffSilhouette(), name + ": hit masks differ away from silhouettes: " + d);
        int normalAgree = 0, albedoAgree = 0;
        for (int i = 0; i < p.width() * p.height(); i++) {
            double dot = 0, albedoDiff = 0;
            for (int k = 0; k < 3; k++) {
                dot += g.normals()[3 * i + k] * c.normals()[3 * i + k];
                albedoDiff += Math.abs(g.albedo()[3 * i + k] - c.albedo()[3 * i + k]);
            }
            boolean miss = !Float.isFinite(c.depth()[i]) || !Float.isFinite(g.depth()[i]);
            if (miss || dot > 0.999) normalAgree++;
            if (albedoDiff < albedoTolerance) albedoAgree++;
        }
        // The guides look through perfect mirrors and glass (GuideSums.CHAIN_WEIGHT): a last-bit difference
        // at the first hit can move a chain's end across an edge seen in a curved mirror, and the SPD's
        // shiny scenes show many (lattice_s12, jacks_s3: 98.9 % and 99.3 % of the normals agree, at
        // scattered single pixels; 100 % with the chain off), and an albedo seen through glass carries the
        // two tracers' Fresnel rounding past this 1e-6 bound (mount: 99.2 %), so the bound is looser than the depth's.
        assertTrue(normalAgree >= 0.985 * p.width() * p.height(), name + ": normal AOVs agree on " + normalAgree);
        assertTrue(albedoAgree >= 0.985 * p.width() * p.height(), name + ": albedo AOVs agree on " + albedoAgree);
        double meanAbs = 0, mean = 0;
        for (int i = 0; i < g.radiance().length; i++) {
            meanAbs += Math.abs(Math.min(g.radiance()[i], 1f) - Math.min(c.radiance()[i], 1f));
            mean += Math.min(c.radiance()[i], 1f);
        }
        meanAbs /= g.radiance().length;
        mean /= g.radiance().length;
        assertTrue(meanAbs <= 0.01 * Math.max(mean, 0.05), name + ": images differ: mean |gpu-cpu| " + meanAbs + " vs mean " + mean);
    }
}
