package org.drtstudio.render.gl;

import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.TextureChecks;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;
import org.drtstudio.testing.TestTextures;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/** The texture checks of the CPU reference on the GL tracer, and GPU–CPU agreement on textured scenes. */
@Timeout(300)
class GlTextureTest {
    @RegisterExtension
    static final SharedGlRenderer GL = new SharedGlRenderer();

    @Test
    void checker(@TempDir Path dir) throws Exception { TextureChecks.checkerTexelsAndMidpointsWithRepeatAndClamp(GL.renderer(), dir); }

    @Test
    void albedo(@TempDir Path dir) throws Exception { TextureChecks.albedoAovIsTextured(GL.renderer(), dir); }

    @Test
    void bump(@TempDir Path dir) throws Exception { TextureChecks.bumpRampTiltsNormalByPredictedAngle(GL.renderer(), dir); }

    @Test
    void sphere(@TempDir Path dir) throws Exception { TextureChecks.sphereUsesDocumentedParameterisation(GL.renderer(), dir); }

    @Test
    void missingTexture(@TempDir Path dir) throws Exception { TextureChecks.missingTextureWarnsAndRendersUntextured(GL.renderer(), dir); }

    /** The spider's five JPEG textures, read through its MTL file. */
    @Test
    void texturedObjAgrees() throws Exception {
        Scene scene = ObjReader.read(TestData.resource("obj/spider_milkshape/spider.obj")).scene();
        List<String> warnings = new ArrayList<>();
        GpuCpuAgreementTest.assertAgreement(GL.renderer(), scene.withSettings(scene.settings().withSize(96, 72)),
                new TextureLoader(warnings::add), 1e-3, "spider");
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
        Material base = new Material("m", new Vec3(0.1f, 0.1f, 0.1f), grey, new Vec3(0.3f, 0.3f, 0.3f), 20, 0, 0, 1, Vec3.ZERO, tex);
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
                List.of(new PointLight(new Vec3(2, 3, 4), Vec3.ONE, 1, 0)),
                new Camera(new Vec3(0, 0.5f, 4), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), rs);
        List<String> warnings = new ArrayList<>();
        GpuCpuAgreementTest.assertAgreement(GL.renderer(), scene, new TextureLoader(warnings::add), 1e-3, "bumped");
        assertEquals(List.of(), warnings);
    }
}
