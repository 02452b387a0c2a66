package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The wavefront frame ({@link GlWavefront}) traces the frame kernel's samples: on scenes with every
 * effect, the radiance, variance, sample counts and the guides summed by the trace pass are the
 * kernel's to float rounding (a pixel's samples spread over several slots are summed part after
 * part, as that many kernel passes would; the bound also leaves room for a compiler's contractions),
 * and the wavefront really ran. Where it cannot run (more lights than a slot keeps shadow rays for),
 * the kernel traces the frame.
 */
@Timeout(600)
class GlWavefrontTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> KERNEL = SharedGl.renderer(FrameSchedule.KERNEL);
    @RegisterExtension
    static final SharedGl<GlRenderer> WAVEFRONT = SharedGl.renderer(FrameSchedule.WAVEFRONT);
    private static final Set<Aov> AOVS = EnumSet.of(Aov.RADIANCE, Aov.VARIANCE, Aov.SAMPLES, Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO);

    /** The default scene with depth of field, soft shadows and glossy reflection; its glass balls reflect and refract. */
    static Scene allEffects() throws Exception {
        Scene s = SceneLoader.load(Path.of("scenes/default.nff")).scene();
        s = s.withCamera(s.camera().withLens(0.15f, 6.9f)).withLights(s.lights().stream().map(l -> l.withRadius(1f)).toList());
        List<Material> glossy = new ArrayList<>();
        for (Material m : s.materials()) glossy.add(m.reflectivity() > 0 ? m.withRoughness(0.15f) : m);
        return new Scene(s.name(), s.root(), glossy, s.lights(), s.camera(), s.settings());
    }

    /**
     * The default scene with depth of field and soft shadows but its perfect mirror and glass kept
     * sharp: the samples' guide chains go on through them (GuideSums.CHAIN_WEIGHT).
     */
    static Scene perfectMirrorAndGlass() throws Exception {
        Scene s = SceneLoader.load(Path.of("scenes/default.nff")).scene();
        return s.withCamera(s.camera().withLens(0.15f, 6.9f)).withLights(s.lights().stream().map(l -> l.withRadius(1f)).toList());
    }

    /**
     * The default scene with soft shadows and the lens closed: the first light's point at the first
     * hit is drawn from the lens's sample dimensions (LensLight).
     */
    static Scene softShadowsLensClosed() throws Exception {
        Scene s = SceneLoader.load(Path.of("scenes/default.nff")).scene();
        return s.withLights(s.lights().stream().map(l -> l.withRadius(1f)).toList());
    }

    /** The scene with dim point lights added up to {@code count}. */
    static Scene withLights(Scene s, int count) {
        List<Light> lights = new ArrayList<>(s.lights());
        while (lights.size() < count) lights.add(new PointLight(new Vec3(lights.size(), 6, 3), new Vec3(0.2f, 0.2f, 0.2f), 0.5f));
        return s.withLights(lights);
    }

    static Stream<Arguments> scenes() throws Exception {
        return Stream.of(
                Arguments.of("all effects, 5 deep", allEffects(), 4, 5, 0f),
                Arguments.of("all effects, adaptive", allEffects(), 24, 5, 0.05f),
                Arguments.of("perfect mirror and glass, 6 deep", perfectMirrorAndGlass(), 4, 6, 0f),
                Arguments.of("soft shadows, lens closed", softShadowsLensClosed(), 4, 5, 0f),
                Arguments.of("cornell box, 6 deep", SceneLoader.load(Path.of("scenes/cornell-box.json")).scene(), 4, 6, 0f),
                Arguments.of("textured cow", SceneLoader.load(Path.of("scenes/spot.json")).scene(), 3, 3, 0f),
                Arguments.of("six lights", withLights(allEffects(), 6), 2, 4, 0f));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void wavefrontTracesTheKernelsSamples(String name, Scene scene, int spp, int depth, float noiseThreshold) throws Exception {
        Scene s = scene.withSettings(scene.settings().withSize(56, 40).withSampling(spp, depth, 7).withNoiseThreshold(noiseThreshold));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        assertSameFrames(name, render(KERNEL.get(), image, p), render(WAVEFRONT.get(), image, p));
        assertEquals(FrameSchedule.WAVEFRONT, WAVEFRONT.get().lastFrameSchedule(), name + ": the wavefront traced the frame");
        // The slots outnumber the pixels here, so each pixel's samples were spread over several, summed part after part.
        assertTrue(WAVEFRONT.get().wavefrontParts() > 1, name + ": parts a pixel " + WAVEFRONT.get().wavefrontParts());
    }

    /**
     * Lit by the shipped sky (with the default scene's lights too, and adaptive sampling): the
     * environment's two shadow rays ride after the lights' in the slot, and rays that leave the
     * scene see the map.
     */
    @Test
    void anEnvironmentLitSceneIsTheKernels() throws Exception {
        org.drtstudio.scene.TextureImage sky = org.drtstudio.scene.ProceduralSky.SHIPPED.image();
        for (Scene scene : List.of(
                org.drtstudio.render.EnvironmentScenes.balls(new org.drtstudio.scene.Environment("sky", 30f, 1f), 56, 40, 4),
                allEffects())) {
            Scene s = scene.withSettings(scene.settings().withSize(56, 40).withSampling(4, 5, 7)
                    .withEnvironment(new org.drtstudio.scene.Environment("sky", 30f, 0.5f)));
            GeometryImage image = GeometryImagePacker.pack(s).withEnvironment(
                    org.drtstudio.accel.EnvironmentMap.of(sky, s.settings().environment()));
            TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
            assertSameFrames(s.name() + " under the sky", render(KERNEL.get(), image, p), render(WAVEFRONT.get(), image, p));
            assertEquals(FrameSchedule.WAVEFRONT, WAVEFRONT.get().lastFrameSchedule(), "the wavefront traced the frame");
        }
    }

    @Test
    void aTileTracedInSeveralWindowsIsTheSame() throws Exception {
        Scene s = allEffects(50, 30, 3, 4, 3);
        try {
            WAVEFRONT.get().limitWavefrontSlots(WavefrontLayout.GROUP * 5);  // 320 slots a window: 2 rows of 50, 3 slots a pixel
            assertTracesTheKernelsFrame("windows", s);
            assertEquals(3, WAVEFRONT.get().wavefrontParts(), "the samples spread over slots in windows of rows");
            WAVEFRONT.get().limitWavefrontSlots(WavefrontLayout.GROUP);  // 64 slots: a row of 50, one slot a pixel
            assertTracesTheKernelsFrame("a row a window", s);
            assertEquals(1, WAVEFRONT.get().wavefrontParts(), "a window holds one row's slots: one slot a pixel");
        } finally {
            WAVEFRONT.get().limitWavefrontSlots(Integer.MAX_VALUE);
        }
    }

    @Test
    void aPassTracedInRunsIsTheSame() throws Exception {
        Scene s = allEffects(40, 30, 5, 5, 7);
        try {
            WAVEFRONT.get().limitWavefrontRunSamples(2); // samples 0-1, 2-3 and 4, each run adding to the last one's sums
            assertTracesTheKernelsFrame("runs", s);
            assertEquals(3, WAVEFRONT.get().wavefrontRuns(), "five samples a pixel in runs of two");
        } finally {
            WAVEFRONT.get().limitWavefrontRunSamples(0);
        }
        assertTracesTheKernelsFrame("one run", s);
        assertEquals(1, WAVEFRONT.get().wavefrontRuns(), "five samples on 1,200 pixels: one run");
    }

    @Test
    void aSlotWalksAtMostSixteenSamplesARun() {
        assertEquals(64, GlWavefront.samplesPerRun(1920 * 1080, 64, 16), "1080p, 64 spp: four slots a pixel, one run");
        assertEquals(64, GlWavefront.samplesPerRun(1920 * 1080, 8192, 16), "1080p, 8,192 spp: runs of 64");
        assertEquals(256, GlWavefront.samplesPerRun(960 * 540, 8192, 16), "960x540: 16 slots a pixel, runs of 256");
        assertEquals(16, GlWavefront.samplesPerRun(3840 * 2160, 1024, 16), "4K: one slot a pixel, runs of 16");
        assertEquals(5, GlWavefront.samplesPerRun(40 * 30, 5, 16), "a slot a sample: one run");
    }

    @Test
    void moreLightsThanASlotHoldsAreTracedByTheKernel() throws Exception {
        Scene s = withLights(allEffects(32, 24, 2, 3, 1), GlWavefront.MAX_LIGHTS + 1);
        assertTracesTheKernelsFrame("many lights", s);
        assertEquals(FrameSchedule.KERNEL, WAVEFRONT.get().lastFrameSchedule());
    }

    /**
     * The hardware default: a pass of up to FrameSchedule.KERNEL_MAX_SAMPLES samples a pixel runs the
     * kernel (faster there, and no working memory to allocate), a pass of more the wavefront; both
     * give the kernel's samples.
     */
    @Test
    void bySamplesRunsFewSamplesAsTheKernelAndMoreAsTheWavefront() throws Exception {
        WAVEFRONT.get().useFrameSchedule(FrameSchedule.BY_SAMPLES);
        try {
            for (int spp : new int[]{1, FrameSchedule.KERNEL_MAX_SAMPLES, FrameSchedule.KERNEL_MAX_SAMPLES + 1}) {
                assertTracesTheKernelsFrame(spp + " spp", allEffects(24, 16, spp, 3, 1));
                assertEquals(spp > FrameSchedule.KERNEL_MAX_SAMPLES ? FrameSchedule.WAVEFRONT : FrameSchedule.KERNEL,
                        WAVEFRONT.get().lastFrameSchedule(), spp + " spp");
            }
        } finally {
            WAVEFRONT.get().useFrameSchedule(FrameSchedule.WAVEFRONT);
        }
    }

    /** {@link #allEffects()} at {@code width × height}, {@code spp} samples a pixel, {@code depth} bounces, {@code seed}. */
    private static Scene allEffects(int width, int height, int spp, int depth, long seed) throws Exception {
        Scene s = allEffects();
        return s.withSettings(s.settings().withSize(width, height).withSampling(spp, depth, seed));
    }

    /** The scene as its settings say, box filter: the wavefront's frame is the kernel's ({@link #assertSameFrames}). */
    private static void assertTracesTheKernelsFrame(String name, Scene s) throws Exception {
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
        assertSameFrames(name, render(KERNEL.get(), image, p), render(WAVEFRONT.get(), image, p));
    }

    private static Frame render(GlRenderer r, GeometryImage image, TraceParameters p) throws Exception {
        return r.render(image, p, AOVS, ProgressListener.NONE);
    }

    private static void assertSameFrames(String name, Frame kernel, Frame wavefront) {
        assertEquals(0, kernel.errors(), name + ": the kernel's walk overflowed");
        assertEquals(kernel.errors(), wavefront.errors(), name + ": overflowed pixels");
        assertClose(name + " radiance", kernel.radiance(), wavefront.radiance());
        assertClose(name + " variance", kernel.variance(), wavefront.variance());
        assertArrayEquals(kernel.samples(), wavefront.samples(), name + ": samples per pixel");
        assertClose(name + " depth", kernel.depth(), wavefront.depth());
        assertClose(name + " normal", kernel.normals(), wavefront.normals());
        assertClose(name + " albedo", kernel.albedo(), wavefront.albedo());
        assertNotNull(kernel.split(), name + ": the trace pass summed the denoiser's split with the guides");
        assertClose(name + " diffuse part", kernel.split().diffuse(), wavefront.split().diffuse());
        assertClose(name + " diffuse variance", kernel.split().diffuseVariance(), wavefront.split().diffuseVariance());
        assertClose(name + " other variance", kernel.split().otherVariance(), wavefront.split().otherVariance());
        assertClose(name + " own albedo", kernel.split().ownAlbedo(), wavefront.split().ownAlbedo());
        double mean = 0, diffuse = 0;
        for (float v : kernel.split().diffuse()) diffuse += v;
        assertTrue(diffuse / kernel.split().diffuse().length > 0.005, name + ": the diffuse part is nearly black");
        for (float v : kernel.radiance()) mean += v;
        assertTrue(mean / kernel.radiance().length > 0.01, name + ": the picture is nearly black, the comparison would say little");
    }

    /** Equal to within float rounding of values of this size (1e-5 relative, 1e-6 absolute). */
    private static void assertClose(String what, float[] expected, float[] actual) {
        assertNotNull(expected, what);
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) {
            float e = expected[i], a = actual[i];
            if (e == a || (Float.isNaN(e) && Float.isNaN(a))) continue;
            assertTrue(Math.abs(e - a) <= 1e-6f + 1e-5f * Math.abs(e), what + " differs at " + i + ": " + e + " against " + a);
        }
    }
}
