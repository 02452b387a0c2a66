package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where the GPU has no room for the denoiser ({@link GpuMemoryException}, made here by
 * {@link GlDenoiser#failAllocation}), a denoised frame is still denoised: on the CPU, by
 * {@link NlmDenoiser} on the very inputs the pass traced, read back from the buffers they were copied
 * into and the images not yet copied; every GPU object of the call freed, and the user told once.
 */
@Timeout(300)
class GlDenoiserFallbackTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    /**
     * The denoiser's allocations of a frame: its eight inputs (the split's included) copied into
     * buffers one by one, then the filter's result buffer and five images. Allocation 2 fails with
     * two inputs copied and six still images; allocation 10 in the filter, with every input copied.
     */
    private static final int DURING_COPIES = 2, IN_FILTER = 10;

    @Test
    void aFrameTheGpuHasNoRoomToDenoiseIsDenoisedOnTheCpu() throws Exception {
        Scene s = allEffects(40, 30, 3);
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        GlRenderer gl = GL.get();
        GlDenoiser denoiser = gl.glDenoiser();
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        gl.noticesTo(notes::add);
        Frame traced = gl.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
        assertNotNull(traced.split(), "the frame's inputs carry the split (the layout with eight inputs)");
        float[] cpu = new NlmDenoiser().denoise(DenoiseInput.of(traced));
        float[] gpu = gl.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE).denoised();
        int objects = openObjects(gl);

        int calls = denoiser.deviceCalls(), onHost = denoiser.hostCalls();
        denoiser.failAllocation(DURING_COPIES);
        float[] copying = gl.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE).denoised();
        assertEquals(calls, denoiser.deviceCalls(), "the failure came before every input was copied");
        assertEquals(onHost + 1, denoiser.hostCalls());
        assertEquals(objects, openObjects(gl), "nothing of the call left on the GPU");

        denoiser.failAllocation(IN_FILTER);
        float[] filtering = gl.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE).denoised();
        assertEquals(calls + 1, denoiser.deviceCalls(), "the failure came in the filter, every input copied");
        assertEquals(onHost + 2, denoiser.hostCalls());
        assertEquals(objects, openObjects(gl), "nothing of the call left on the GPU");

        // The inputs read back are the traced ones, bit for bit, so the CPU's filter gives what it gives on those.
        assertArrayEquals(bits(cpu), bits(copying), "denoised on the CPU, the failure during the copies");
        assertArrayEquals(bits(cpu), bits(filtering), "denoised on the CPU, the failure in the filter");
        assertTwins(gpu, copying);
        assertEquals(1, notes.size(), "said once: " + notes);
        assertTrue(notes.get(0).startsWith("the GPU has no room") && notes.get(0).contains("denoised on the CPU"), notes.get(0));

        float[] again = gl.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE).denoised();
        assertArrayEquals(bits(gpu), bits(again), "with room again, the GPU filters as before");
        assertEquals(onHost + 2, denoiser.hostCalls());
    }

    @Test
    void arraysTheGpuHasNoRoomToFilterAreFilteredOnTheCpu() throws Exception {
        Scene s = allEffects(24, 18, 2);
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        GlRenderer gl = GL.get();
        Frame traced = gl.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
        DenoiseInput whole = new DenoiseInput(traced.width(), traced.height(), traced.radiance(), traced.variance(),
                traced.normals(), traced.albedo(), traced.depth());
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        // A denoiser of its own: told nothing yet, its allocations counted from here.
        GlDenoiser denoiser = new GlDenoiser(gl.glThread(), notes::add);
        try {
            denoiser.denoise(whole); // its programs compiled, to stay
            int objects = openObjects(gl);
            // Five arrays go up without the split, eight with it; then the filter's result and five images.
            DenoiseInput split = DenoiseInput.of(traced);
            assertNotNull(split.split());
            Object[][] cases = {{whole, 1}, {whole, 7}, {split, 1}, {split, 10}};
            for (Object[] c : cases) {
                DenoiseInput in = (DenoiseInput) c[0];
                int failing = (Integer) c[1];
                denoiser.failAllocation(failing);
                String what = (in.split() == null ? "whole" : "split") + ", allocation " + failing;
                assertArrayEquals(bits(new NlmDenoiser().denoise(in)), bits(denoiser.denoise(in)), what);
                assertEquals(objects, openObjects(gl), what + ": nothing of the call left on the GPU");
            }
            assertEquals(cases.length, denoiser.hostCalls());
            assertEquals(List.of("the GPU has no room (a failure a test asked for) for the denoiser; the frame was denoised on the CPU"),
                    notes, "said once");
        } finally {
            gl.glThread().run(denoiser::closeOnGlThread);
        }
    }

    /** The GPU's filter and the CPU's agree as their twin test has them agree ({@code GlDenoiserTest}). */
    private static void assertTwins(float[] gpu, float[] cpu) {
        double maxDiff = 0;
        for (int i = 0; i < gpu.length; i++) maxDiff = Math.max(maxDiff, Math.abs(gpu[i] - cpu[i]) / Math.max(1, Math.abs(gpu[i])));
        assertTrue(maxDiff < 1e-3, "GPU vs CPU denoised: max |diff| " + maxDiff);
    }

    private static int openObjects(GlRenderer gl) {
        return gl.glThread().call(() -> gl.glThread().openObjectCount());
    }

    private static Scene allEffects(int w, int h, int spp) throws Exception {
        Scene scene = GlWavefrontTest.allEffects();
        return scene.withSettings(scene.settings().withSize(w, h).withSampling(spp, 5, 7));
    }

    private static int[] bits(float[] data) {
        int[] out = new int[data.length];
        for (int i = 0; i < data.length; i++) out[i] = Float.floatToRawIntBits(data[i]);
        return out;
    }
}
