package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;
import org.joml.Matrix4f;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The grid and the octree against the BVH on the same packed scene (issue 16's acceptance): per-pixel
 * depth AOV within 1e-4 relative on at least 99.9 % of the pixels, hit masks identical, and the same
 * shading. Run with each tracer's renderers by {@code CpuAccelAgreementTest} and {@code GlAccelAgreementTest}.
 */
public final class AccelAgreementChecks {
    private AccelAgreementChecks() {
    }

    /**
     * Every SPD scene: the .nff files of ../shared/data/nff (all sizes of every family, as
     * {@code GpuCpuAgreementTest} lists them); where that folder is absent, the smallest scene of each
     * family copied into the test resources.
     */
    public static Stream<String> spdScenes() throws IOException {
        Path shared = sharedDataOrNull();
        Path dir = shared != null ? shared.resolve("nff") : Path.of("src/test/resources/data/nff");
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".nff")).sorted().toList().stream();
        }
    }

    /**
     * The OBJ models of ../shared/data/obj, as paths under it ({@code teapot/teapot.obj}): every .obj
     * file of every model folder except the {@code edgecases_*} collections (parser edge cases: boxes,
     * single faces, points and lines, not models to trace). Skipped, with a message, where the folder is absent.
     */
    public static Stream<String> objModels() throws IOException {
        Path root = TestData.sharedRoot().resolve("obj");
        try (Stream<Path> files = Files.walk(root, 2)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".obj"))
                    .map(f -> root.relativize(f).toString().replace('\\', '/'))
                    .filter(r -> r.contains("/") && !r.startsWith("edgecases_"))
                    .sorted().toList().stream();
        }
    }

    private static Path sharedDataOrNull() {
        String override = System.getProperty("drt.sharedData");
        Path p = override != null ? Path.of(override) : Path.of("..", "shared", "data");
        return Files.isDirectory(p) ? p : null;
    }

    /**
     * An SPD scene at {@code size}²: the copy in the test resources, else ../shared/data's (the test is
     * skipped, with a message, where that folder is absent).
     */
    public static Scene spd(String file, int size) throws Exception {
        Path copy = Path.of("src/test/resources/data/nff", file);
        Scene s = NffReader.read(Files.exists(copy) ? copy : TestData.shared("nff/" + file)).scene();
        return s.withSettings(s.settings().withSize(size, size));
    }

    /** An OBJ model of ../shared/data/obj ({@code teapot/teapot.obj}) at w × h, framed by the reader's camera. */
    public static Scene sharedObj(String relative, int w, int h) throws Exception {
        Path p = TestData.shared("obj/" + relative);
        Scene s = ObjReader.read(p).scene();
        return s.withSettings(s.settings().withSize(w, h));
    }

    /**
     * Two levels: one mesh placed three times under different transforms (rotated, scaled) and a
     * sphere group under its own: each instance enters its shape's own grid or octree.
     */
    public static Scene instanced(int w, int h) {
        TriangleMesh mesh = ProceduralMeshes.bumpySphere(16, 24);
        Sphere unit = new Sphere(Vec3.ZERO, 1, 0);
        TransformNode root = TransformNode.group("root", List.of(
                new TransformNode("a", new Matrix4f().translate(-1.2f, 0, 0).rotateY(0.7f).scale(0.8f), List.of(new MeshNode("m", mesh))),
                new TransformNode("b", new Matrix4f().translate(1.1f, 0.2f, -0.5f).rotateX(0.5f).scale(1f, 0.6f, 1.1f), List.of(new MeshNode("m", mesh))),
                new TransformNode("c", new Matrix4f().translate(0, -0.9f, -1.5f).scale(2f, 0.3f, 2f), List.of(new MeshNode("m", mesh))),
                new TransformNode("ball", new Matrix4f().translate(0, 1.1f, -0.6f).scale(0.45f), List.of(new SphereNode("s", List.of(unit))))));
        Material m = Material.named("m").ambient(new Vec3(0.1f, 0.1f, 0.1f)).diffuse(new Vec3(0.7f, 0.6f, 0.5f))
                .specular(new Vec3(0.5f, 0.5f, 0.5f)).phongExponent(40).reflectivity(0.3f).build();
        return new Scene("instanced", root, List.of(m), List.of(new PointLight(new Vec3(3, 4, 5), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0.5f, 5), new Vec3(0, 0, 0), new Vec3(0, 1, 0), 45, 0, 0),
                new RenderSettings(w, h, 1, 3, 0, Vec3.ZERO, new Vec3(0.2f, 0.2f, 0.2f), 1, 0, 0));
    }

    /** Renders {@code scene} with both renderers and compares depth, hit masks and radiance. */
    public static void assertAgrees(Renderer bvh, Renderer other, Scene scene, String name) throws RenderException {
        Frame[] f = renderBoth(bvh, other, scene);
        assertDepthAgrees(f[0], f[1], name);
        String shading = shadingDifference(f[0], f[1], name);
        assertNull(shading, shading);
    }

    /** The BVH's frame and the other structure's, depth and radiance, of the same packed scene. */
    public static Frame[] renderBoth(Renderer bvh, Renderer other, Scene scene) throws RenderException {
        GeometryImage gi = GeometryImagePacker.pack(scene);
        TraceParameters p = TraceParameters.of(scene.camera(), scene.settings(), gi);
        var aovs = EnumSet.of(Aov.DEPTH, Aov.RADIANCE);
        return new Frame[]{bvh.render(gi, p, aovs, ProgressListener.NONE), other.render(gi, p, aovs, ProgressListener.NONE)};
    }

    /** No overflow, identical hit masks, and depth within 1e-4 relative on at least 99.9 % of the pixels. */
    public static void assertDepthAgrees(Frame a, Frame b, String name) {
        assertEquals(0, a.errors(), name + ": the BVH walk overflowed");
        assertEquals(0, b.errors(), name + ": the walk overflowed");
        DepthAgreement d = DepthAgreement.of(a.depth(), b.depth());
        assertTrue(d.hits() >= d.pixels() / 20, name + ": the view shows almost nothing (" + d + "); the comparison would be empty");
        assertEquals(0, d.maskMismatches(), name + ": hit masks differ: " + d);
        assertTrue(d.within() >= 0.999 * d.pixels(), name + ": depth: " + d);
    }

    /** Null when the shading agrees (mean |difference| of the clamped radiance within 1e-3 of its mean), else why not. */
    public static String shadingDifference(Frame a, Frame b, String name) {
        double meanAbs = 0, mean = 0;
        for (int i = 0; i < a.radiance().length; i++) {
            meanAbs += Math.abs(Math.min(a.radiance()[i], 1f) - Math.min(b.radiance()[i], 1f));
            mean += Math.min(a.radiance()[i], 1f);
        }
        return meanAbs <= 1e-3 * Math.max(mean, 0.05 * a.radiance().length) ? null
                : name + ": shading differs: mean |difference| " + meanAbs / a.radiance().length + " vs mean " + mean / a.radiance().length;
    }

    /** Pixels, hits of the reference, hit-mask mismatches, and pixels that agree (both miss, or depth within 1e-4 relative). */
    record DepthAgreement(int pixels, int hits, int maskMismatches, int within, double worstRelative) {
        static DepthAgreement of(float[] reference, float[] test) {
            int hits = 0, mismatches = 0, within = 0;
            double worst = 0;
            for (int i = 0; i < reference.length; i++) {
                boolean hr = Float.isFinite(reference[i]), ht = Float.isFinite(test[i]);
                if (hr) hits++;
                if (hr != ht) {
                    mismatches++;
                } else if (!hr) {
                    within++;
                } else {
                    double rel = Math.abs(test[i] - reference[i]) / Math.max(Math.abs(reference[i]), 1e-30);
                    worst = Math.max(worst, rel);
                    if (rel <= 1e-4) within++;
                }
            }
            return new DepthAgreement(reference.length, hits, mismatches, within, worst);
        }
    }
}
