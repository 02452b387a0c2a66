package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The GL tracer against the CPU reference on the same packed data: per-pixel depth (distance to
 * the first hit) and the shaded image. Every SPD scene is rendered at a small size.
 */
@Timeout(600)
class GpuCpuAgreementTest {
    static final int SIZE = 96;
    @RegisterExtension
    static final SharedGlRenderer GL = new SharedGlRenderer();
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

    /** Compares depth per pixel and the shaded images; returns nothing, fails with a summary. */
    static void assertAgreement(Scene scene, String name) throws Exception {
        assertAgreement(GL.renderer(), scene, TextureSource.NONE, 1e-6, name);
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
        assertTrue(normalAgree >= 0.995 * p.width() * p.height(), name + ": normal AOVs agree on " + normalAgree);
        assertTrue(albedoAgree >= 0.995 * p.width() * p.height(), name + ": albedo AOVs agree on " + albedoAgree);
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
