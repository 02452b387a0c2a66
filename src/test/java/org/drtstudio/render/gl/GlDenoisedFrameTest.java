package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.adaptive.AdaptiveRender;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A GL tracer asked for {@link Aov#DENOISED} filters the denoiser's inputs where the pass made them
 * ({@link DenoiserImages}, {@link GlDenoiser#denoiseOnGlThread}), and gets, on a scene with every
 * effect, the floats of the path that reads them back and sends them up again (taken where the
 * frame's arrays are resolved in Java, pictures too wide for {@link GlPixelArrays}) to the rounding
 * by which the two resolves differ; {@link org.drtstudio.render.DenoisedFrameChecks} compares bit for bit
 * with the GPU's resolve read back.
 */
@Timeout(300)
class GlDenoisedFrameTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void theInputsLeftOnTheGpuFilterAsTheOnesReadBack() throws Exception {
        Scene s = allEffects(40, 30, 3);
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = parameters(s, image);
        GlRenderer gl = GL.get();
        GlDenoiser denoiser = gl.glDenoiser();
        int before = denoiser.deviceCalls();
        long read0 = gl.readBackBytes();
        Frame onGpu = gl.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE);
        long read1 = gl.readBackBytes();
        assertEquals(before + 1, denoiser.deviceCalls(), "filtered where the pass left its inputs");
        // The picture (4 bytes a pixel) and the sample counts (4) come back, none of the filter's inputs (84 in all).
        int pixels = p.width() * p.height();
        assertTrue(read1 - read0 <= 8L * pixels, "bytes read back a pixel: " + (double) (read1 - read0) / pixels);
        gl.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
        assertTrue(gl.readBackBytes() - read1 >= 80L * pixels, "the inputs asked for come back: "
                + (double) (gl.readBackBytes() - read1) / pixels + " bytes a pixel");
        Frame readBack;
        try {
            gl.pixelArrays().enable(false);
            readBack = gl.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE);
        } finally {
            gl.pixelArrays().enable(true);
        }
        assertEquals(before + 1, denoiser.deviceCalls(), "the second frame's inputs went through the host");
        // The arrays resolved in Java differ from the GPU's in the floats' last bits (PixelArraysTwinTest), and so does the filter's output.
        GlPixelArraysTest.assertClose("the denoised radiance either way", readBack.denoised(), onGpu.denoised(), 0, onGpu.denoised().length);
        assertNull(onGpu.normals(), "nothing not asked for comes back");
        assertNull(readBack.normals(), "nothing not asked for comes back from the host path either");
    }

    @Test
    void anAdaptiveRenderFiltersItsLastPassOnly() throws Exception {
        Scene s = allEffects(32, 24, 8);
        GeometryImage image = GeometryImagePacker.pack(s);
        GlRenderer gl = GL.get();
        TraceParameters p = parameters(s, image);
        int before = gl.glDenoiser().deviceCalls();
        Frame f = AdaptiveRender.render(gl, image, p, new AdaptiveSampling(0.05f, 2), EnumSet.of(Aov.DENOISED, Aov.SAMPLES),
                ProgressListener.NONE);
        assertEquals(before + 1, gl.glDenoiser().deviceCalls(), "one filtering, of the last pass");
        assertEquals(3 * 32 * 24, f.denoised().length);
    }

    /** The scene with every effect at {@code w × h} and {@code spp} samples a pixel. */
    private static Scene allEffects(int w, int h, int spp) throws Exception {
        Scene scene = GlWavefrontTest.allEffects();
        return scene.withSettings(scene.settings().withSize(w, h).withSampling(spp, 5, 7));
    }

    private static TraceParameters parameters(Scene s, GeometryImage image) {
        return TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
    }
}
