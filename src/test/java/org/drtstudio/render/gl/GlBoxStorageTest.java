package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.accel.LinearBvhTwin;
import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The box layout in shader storage buffers ({@link BoxStorage#BUFFERS}, what GPUs use) and in
 * textures (what software GL uses) hold the same floats, so every kernel that walks it gives the same
 * result bit for bit: the frame kernel and the wavefront, the guide pass, the ray benchmark and the
 * traversal experiment.
 */
@Timeout(600)
class GlBoxStorageTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> TEXTURES = SharedGl.renderer(BoxStorage.TEXTURES);
    @RegisterExtension
    static final SharedGl<GlRenderer> BUFFERS = SharedGl.renderer(BoxStorage.BUFFERS);
    @RegisterExtension
    static final SharedGl<GlRenderer> PORTALS_IN_TEXTURES = SharedGl.renderer(AccelStructure.PORTALS, BoxStorage.TEXTURES);
    @RegisterExtension
    static final SharedGl<GlRenderer> PORTALS_IN_BUFFERS = SharedGl.renderer(AccelStructure.PORTALS, BoxStorage.BUFFERS);
    private static final Set<Aov> AOVS = EnumSet.of(Aov.RADIANCE, Aov.VARIANCE, Aov.SAMPLES, Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO);

    static Stream<Arguments> scenes() throws Exception {
        return Stream.of(
                Arguments.of("all effects", GlWavefrontTest.allEffects(), FrameSchedule.KERNEL),
                Arguments.of("all effects, wavefront", GlWavefrontTest.allEffects(), FrameSchedule.WAVEFRONT),
                Arguments.of("textured cow", SceneLoader.load(Path.of("scenes/spot.json")).scene(), FrameSchedule.KERNEL),
                Arguments.of("triangles and spheres", TestScenes.randomSoup(3, 2000, 300), FrameSchedule.KERNEL));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void framesAreTheSameFromBuffersAsFromTextures(String name, Scene scene, FrameSchedule schedule) throws Exception {
        Scene s = scene.withSettings(scene.settings().withSize(48, 36).withSampling(3, 4, 5));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        Frame textures = render(TEXTURES.get(), schedule, image, p), buffers = render(BUFFERS.get(), schedule, image, p);
        assertEquals(schedule, BUFFERS.get().lastFrameSchedule(), name + ": traced as asked");
        assertEquals(0, textures.errors(), name + ": the walk overflowed");
        assertEquals(textures.errors(), buffers.errors(), name);
        assertArrayEquals(textures.radiance(), buffers.radiance(), name + ": radiance");
        assertArrayEquals(textures.variance(), buffers.variance(), name + ": variance");
        assertArrayEquals(textures.samples(), buffers.samples(), name + ": samples");
        assertArrayEquals(textures.depth(), buffers.depth(), name + ": depth");
        assertArrayEquals(textures.normals(), buffers.normals(), name + ": normals");
        assertArrayEquals(textures.albedo(), buffers.albedo(), name + ": albedo");
        double mean = 0;
        for (float v : textures.radiance()) mean += v;
        assertTrue(mean / textures.radiance().length > 0.01, name + ": the picture is nearly black, the comparison would say little");
    }

    /** {@code --accel portals} walks the meshes beside its voxel spaces through the box layout, from buffers too. */
    @Test
    void thePortalWalkReadsTheBuffersToo() throws Exception {
        for (Scene scene : List.of(SceneLoader.load(Path.of("scenes/room.vxt")).scene(), AccelAgreementChecks.instanced(40, 30))) {
            Scene s = scene.withSettings(scene.settings().withSize(40, 30).withSampling(2, 3, 5));
            GeometryImage image = GeometryImagePacker.pack(s);
            TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
            Frame textures = render(PORTALS_IN_TEXTURES.get(), FrameSchedule.KERNEL, image, p);
            Frame buffers = render(PORTALS_IN_BUFFERS.get(), FrameSchedule.KERNEL, image, p);
            assertArrayEquals(textures.radiance(), buffers.radiance(), s.name() + ": radiance");
            assertArrayEquals(textures.depth(), buffers.depth(), s.name() + ": depth");
            double mean = 0;
            for (float v : textures.radiance()) mean += v;
            assertTrue(mean / textures.radiance().length > 0.01, s.name() + ": the picture is lit");
        }
    }

    @Test
    void theBenchmarkKernelsFindTheSameHits() throws Exception {
        Scene s = TestScenes.randomSoup(4, 2500, 300);
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings().withSize(40, 32), image);
        RayThroughput.Result t = RayThroughput.run(TEXTURES.get(), image, p, 48f, 1);
        RayThroughput.Result b = RayThroughput.run(BUFFERS.get(), image, p, 48f, 1);
        assertTrue(t.primary().hits() > 300 && t.shadow().rays() > 300, "the rays meet the soup: " + t);
        assertEquals(t.primary().hits(), b.primary().hits(), "primary hits");
        assertEquals(t.shadow().hits(), b.shadow().hits(), "blocked shadow rays");
        assertEquals(t.glossy().hits(), b.glossy().hits(), "glossy hits");
        assertEquals(t.uploadBytes(), b.uploadBytes(), "the same bytes, wherever they are kept");
        TraversalExperiment.Result e = TraversalExperiment.run(BUFFERS.get(), image, p, false, 1);
        assertTrue(e.allSameHits(), "the experiment's box-layout walk reads the buffers: " + e.sameHits());
    }

    @Test
    void softwareGlKeepsTexturesAndGpusBuffers() {
        GlInfo llvmpipe = new GlInfo("test", "llvmpipe (LLVM 15.0.6, 256 bits)", "4.5", "Mesa", 4, 5, 16384, 1024, 0, List.of());
        GlInfo nvidia = new GlInfo("test", "NVIDIA H100 80GB HBM3/PCIe/SSE2", "4.6.0 NVIDIA 580.159.04", "NVIDIA Corporation", 4, 6, 32768, 1024, 0, List.of());
        assertEquals(BoxStorage.TEXTURES, BoxStorage.defaultFor(llvmpipe));
        assertEquals(BoxStorage.BUFFERS, BoxStorage.defaultFor(nvidia));
    }

    /**
     * A linear BVH's mesh (the large-model case) leaves its box-layout primitives to the GPU, which makes
     * them from the image's own ({@link GlBoxPrimitives}), alone and beside a binned mesh (the level's
     * layout then assembled from parts): the frames are those of the same layout with its primitives
     * packed on the CPU and sent, bit for bit, in textures and in buffers.
     */
    @Test
    void primitivesMadeOnTheGpuGiveTheFramesOfTheOnesSent() throws Exception {
        Material glossy = Material.named("glossy").diffuse(new Vec3(0.6f, 0.5f, 0.4f)).specular(Vec3.ONE).phongExponent(30f)
                .reflectivity(0.4f).build();
        MeshNode large = new MeshNode("bumpy", ProceduralMeshes.bumpySphere(60, 60)); // 7,200 triangles: a linear BVH
        TransformNode small = new TransformNode("beside", new Matrix4f().translate(1.1f, -0.4f, 0.3f).scale(0.5f),
                List.of(new MeshNode("small", ProceduralMeshes.bumpySphere(12, 10)))); // 240: binned
        for (List<SceneNode> nodes : List.<List<SceneNode>>of(List.of(large), List.of(large, small))) {
            Scene s = TestScenes.scene(nodes, List.of(glossy), List.of(new PointLight(new Vec3(2, 5, 5), Vec3.ONE, 1)),
                    new Camera(new Vec3(0.5f, 0.3f, 3.2f), Vec3.ZERO, new Vec3(0, 1, 0), 40, 0, 0));
            s = s.withSettings(s.settings().withSize(40, 30).withSampling(2, 3, 5));
            GeometryImage deferred = linearBvhImage(s), sent = linearBvhImage(s);
            sent.boxLayout().primitives(); // packed on the CPU: sent as before
            TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), deferred, PixelFilter.BOX);
            String what = nodes.size() + " shapes: ";
            for (SharedGl<GlRenderer> r : List.of(TEXTURES, BUFFERS)) {
                Frame made = render(r.get(), FrameSchedule.KERNEL, deferred, p);
                assertFalse(deferred.boxLayout().leafPrimitives().packed(), what + "the GPU made the primitives; the CPU did not pack them");
                Frame packed = render(r.get(), FrameSchedule.KERNEL, sent, p);
                assertArrayEquals(packed.radiance(), made.radiance(), what + "radiance");
                assertArrayEquals(packed.depth(), made.depth(), what + "depth");
                Frame madeAgain = render(r.get(), FrameSchedule.KERNEL, deferred, p); // after the packed ones replaced them
                assertArrayEquals(packed.radiance(), madeAgain.radiance(), what + "radiance, made again");
                double mean = 0;
                for (float v : made.radiance()) mean += v;
                assertTrue(mean / made.radiance().length > 0.01, what + "the picture is lit");
            }
        }
    }

    private static GeometryImage linearBvhImage(Scene s) {
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.useLinearBvh(new LinearBvhTwin(), 1_000);
        return builder.build(s);
    }

    private static Frame render(GlRenderer r, FrameSchedule schedule, GeometryImage image, TraceParameters p) throws Exception {
        r.useFrameSchedule(schedule);
        return r.render(image, p, AOVS, ProgressListener.NONE);
    }
}
