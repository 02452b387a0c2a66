package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A frame split across two GL contexts of one device (the code path of two GPUs) is the one-context
 * frame bit for bit: the picture and every AOV, with every distributed effect on, in one render, in
 * progressive passes with adaptive sampling's convergence test between them, and in a window.
 */
@Timeout(300)
class MultiGpuRendererTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> ONE = SharedGl.renderer();
    @RegisterExtension
    static final SharedGl<MultiGpuRenderer> TWO = SharedGl.twoContexts(16);

    private static final Set<Aov> EVERY_AOV = EnumSet.of(Aov.RADIANCE, Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO, Aov.VARIANCE, Aov.SAMPLES);

    /** The shipped default scene with a lens, spherical lights and the tent filter, at an odd size (partial tiles). */
    static Scene effects(int spp) throws Exception {
        Scene s = NffReader.read(Path.of("scenes/default.nff")).scene();
        Camera c = s.camera();
        Camera lens = new Camera(c.eye(), c.look(), c.up(), c.fovY(), 0.15f, c.look().minus(c.eye()).length());
        Scene lit = new Scene(s.name(), s.root(), s.materials(), s.lights().stream().map(l -> l.withRadius(0.8f)).toList(), lens,
                s.settings().withSize(61, 37).withSampling(spp, 4, 7).withFilter(PixelFilter.TENT));
        return lit;
    }

    private static TraceParameters parameters(Scene s, GeometryImage image) {
        return TraceParameters.of(s.camera(), s.settings(), image);
    }

    @Test
    void twoContextsRenderTheOneContextFrameBitForBit() throws Exception {
        Scene s = effects(4);
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = parameters(s, image);
        Frame one = ONE.get().render(image, p, EVERY_AOV, ProgressListener.NONE);
        List<Double> progress = new ArrayList<>();
        Frame two = TWO.get().render(image, p, EVERY_AOV, f -> {
            synchronized (progress) {
                progress.add(f);
            }
        });
        assertSameFrame(one, two);
        assertEquals(2, TWO.get().deviceCount());
        int[] taken = TWO.get().lastTileCounts();
        assertEquals(4 * 3, taken[0] + taken[1], "every 16-pixel tile of 61x37 traced once");
        assertEquals(1.0, progress.stream().mapToDouble(Double::doubleValue).max().orElse(0), 1e-9, "progress reaches the whole pass");
    }

    @Test
    void eachContextReportsItsPassInStagesThatCoverItsWallTime() throws Exception {
        Scene s = effects(2);
        GeometryImage image = new GeometryImageBuilder().build(s);
        for (int pass = 0; pass < 2; pass++) TWO.get().render(image, parameters(s, image), EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        List<Map<String, Double>> stages = TWO.get().lastDeviceStages();
        double[] wall = TWO.get().lastDeviceMillis();
        assertEquals(2, stages.size());
        for (int d = 0; d < 2; d++) {
            Map<String, Double> st = stages.get(d);
            assertEquals(List.of("queued", "upload", "images", "bind", "trace", "read", "resolve", "frame"),
                    new ArrayList<>(st.keySet()).subList(0, 8), "context " + d + ": " + st);
            for (String stage : List.of("queued", "upload", "images", "bind", "trace", "read", "resolve", "frame")) {
                assertTrue(st.get(stage) >= 0 && st.get(stage) <= wall[d], "context " + d + " " + stage + ": " + st + ", wall " + wall[d]);
            }
            // The pass's start, taken before it was handed to the context, comes before the context's own clock.
            assertTrue(st.get("handoff") >= -0.01, "context " + d + ": " + st);
            // Not compared with the other stages: a collector's pause may land in any of them.
            assertTrue(st.get("trace") > 0, "the pass's tracing is timed: " + st);
        }
    }

    @Test
    void balancedBandsStayTheOneContextFrameWhileTheirEdgesMove() throws Exception {
        Scene s = effects(2);
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = parameters(s, image);
        Frame one = ONE.get().render(image, p, EVERY_AOV, ProgressListener.NONE);
        try {
            TWO.get().useTiling("b1");
            for (int frame = 0; frame < 3; frame++) {
                assertSameFrame(one, TWO.get().render(image, p, EVERY_AOV, ProgressListener.NONE));
                int[] rows = TWO.get().bandRows();
                assertEquals(37, rows[0] + rows[1], "the two bands cover the frame's rows");
                assertArrayEquals(new int[]{1, 1}, TWO.get().lastTileCounts(), "one band each");
            }
        } finally {
            TWO.get().useTileSize(16);
        }
    }

    /**
     * Each device keeps its copy of the scene: moving a node re-uploads only the top level to each
     * (the same bytes on each as one GPU uploads), not the meshes.
     */
    @Test
    void aMovedNodeReuploadsOnlyTheTopLevelToEachDevice() throws Exception {
        Scene s = effects(1);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        Scene moved = new Scene(s.name(), new org.drtstudio.scene.TransformNode("moved",
                new org.joml.Matrix4f().translation(0.3f, 0, 0), List.of(s.root())), s.materials(), s.lights(), s.camera(), s.settings());
        GeometryImage before = builder.build(s), after = builder.build(moved);
        long[] one = new long[2], two = new long[2];
        GeometryImage[] images = {before, after};
        for (int i = 0; i < 2; i++) {
            one[i] = ONE.get().render(images[i], parameters(s, images[i]), Set.of(), ProgressListener.NONE).uploadedBytes();
            two[i] = TWO.get().render(images[i], parameters(s, images[i]), Set.of(), ProgressListener.NONE).uploadedBytes();
        }
        assertEquals(2 * one[1], two[1], "each device uploads what one GPU does for the edit");
        assertTrue(one[1] > 0 && one[1] < before.dataBytes() / 4, "the edit sends the top level (" + one[1] + " bytes), not the "
                + before.dataBytes() + "-byte image");
    }

    @Test
    void passesWithConvergenceTestsMatchOneContext() throws Exception {
        Scene s = effects(64);
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = parameters(s, image);
        AdaptiveSampling adaptive = AdaptiveSampling.of(0.2f);
        Set<Aov> aovs = EnumSet.of(Aov.RADIANCE, Aov.SAMPLES, Aov.DEPTH);
        Frame[] results = new Frame[2];
        int[][] active = new int[2][];
        for (int r = 0; r < 2; r++) {
            var renderer = r == 0 ? ONE.get() : TWO.get();
            renderer.accumulate(image, p, 0, 8, aovs, ProgressListener.NONE);
            int first = renderer.converge(adaptive);
            renderer.accumulate(image, p, 8, 8, aovs, ProgressListener.NONE);
            int second = renderer.converge(adaptive);
            results[r] = renderer.accumulate(image, p, 16, 8, aovs, ProgressListener.NONE);
            active[r] = new int[]{first, second};
        }
        assertArrayEquals(active[0], active[1], "the convergence tests stop the same pixels");
        assertTrue(active[0][1] < 61 * 37, "some pixels converged, so the listed pixels' path was traced");
        assertSameFrame(results[0], results[1]);
    }

    @Test
    void aWindowSplitAcrossContextsIsTheOneContextWindow() throws Exception {
        Scene s = effects(2);
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = parameters(s, image);
        PixelWindow window = new PixelWindow(5, 3, 40, 30);
        Set<Aov> aovs = EnumSet.of(Aov.DEPTH, Aov.ALBEDO);
        assertSameFrame(ONE.get().renderWindow(image, p, window, aovs, ProgressListener.NONE),
                TWO.get().renderWindow(image, p, window, aovs, ProgressListener.NONE));
        assertThrows(IllegalStateException.class, () -> TWO.get().accumulate(image, p, 2, 2, aovs, ProgressListener.NONE),
                "a window's sums are no whole frame's to add to");
    }

    static void assertSameFrame(Frame expected, Frame actual) {
        assertEquals(expected.width(), actual.width());
        assertEquals(expected.height(), actual.height());
        assertArrayEquals(expected.srgb(), actual.srgb(), "picture");
        assertBits(expected.radiance(), actual.radiance(), "radiance");
        assertBits(expected.depth(), actual.depth(), "depth");
        assertBits(expected.normals(), actual.normals(), "normals");
        assertBits(expected.albedo(), actual.albedo(), "albedo");
        assertBits(expected.variance(), actual.variance(), "variance");
        assertBits(expected.samples(), actual.samples(), "samples");
        assertEquals(expected.errors(), actual.errors(), "traversal errors");
    }

    private static void assertBits(float[] expected, float[] actual, String what) {
        if (expected == null) {
            assertNull(actual, what);
            return;
        }
        assertNotNull(actual, what);
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                fail(what + " differs at " + i + ": " + expected[i] + " vs " + actual[i]);
            }
        }
    }
}
