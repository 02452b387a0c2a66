package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A frame's arrays are the same whether the GL tracer resolves its sums on the GPU (GlPixelArrays, as
 * it does wherever the picture fits) or in Java (as for wider pictures), on a scene with every
 * effect: with the denoiser's inputs at 3 samples a pixel (a guide pass tops up the edges' guides),
 * at 1 sample (no guide pass: the guides are the trace pass's own), and for a few AOVs alone.
 */
@Timeout(300)
class PixelArraysTwinTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    static Stream<Arguments> cases() {
        Set<Aov> denoiser = EnumSet.copyOf(DenoiseInput.NEEDED);
        denoiser.add(Aov.SAMPLES);
        return Stream.of(Arguments.of(3, denoiser), Arguments.of(1, denoiser), Arguments.of(3, EnumSet.of(Aov.SAMPLES)),
                Arguments.of(2, EnumSet.of(Aov.NORMAL, Aov.VARIANCE)), Arguments.of(2, EnumSet.of(Aov.DIFFUSE, Aov.RADIANCE)));
    }

    @ParameterizedTest(name = "{0} spp, {1}")
    @MethodSource("cases")
    void theGpuAndJavaResolvesGiveTheSameFrame(int spp, Set<Aov> aovs) throws Exception {
        Scene scene = GlWavefrontTest.allEffects();
        Scene s = scene.withSettings(scene.settings().withSize(40, 30).withSampling(spp, 5, 7));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        GlRenderer gl = GL.get();
        GlPixelArrays arrays = gl.pixelArrays();
        int before = arrays.dispatches();
        Frame onGpu = gl.render(image, p, aovs, ProgressListener.NONE), inJava;
        int after = arrays.dispatches();
        assertNotEquals(before, after, "the GPU resolved the frame's arrays");
        try {
            arrays.enable(false);
            inJava = gl.render(image, p, aovs, ProgressListener.NONE);
        } finally {
            arrays.enable(true);
        }
        assertEquals(after, arrays.dispatches(), "Java resolved the second frame's arrays");
        assertClose("radiance", inJava.radiance(), onGpu.radiance());
        assertClose("variance", inJava.variance(), onGpu.variance());
        assertClose("samples", inJava.samples(), onGpu.samples());
        assertClose("depth", inJava.depth(), onGpu.depth());
        assertClose("normals", inJava.normals(), onGpu.normals());
        assertClose("albedo", inJava.albedo(), onGpu.albedo());
        assertEquals(inJava.split() == null, onGpu.split() == null, "a split both ways or neither");
        if (aovs.contains(Aov.NORMAL) && aovs.contains(Aov.ALBEDO)) assertNotNull(onGpu.split(), "the denoiser's inputs carry the split");
        if (onGpu.split() == null) return;
        assertClose("diffuse", inJava.split().diffuse(), onGpu.split().diffuse());
        assertClose("diffuse variance", inJava.split().diffuseVariance(), onGpu.split().diffuseVariance());
        assertClose("other variance", inJava.split().otherVariance(), onGpu.split().otherVariance());
        assertClose("own albedo", inJava.split().ownAlbedo(), onGpu.split().ownAlbedo());
    }

    private static void assertClose(String what, float[] want, float[] got) {
        assertEquals(want == null, got == null, what + ": made both ways or neither");
        if (want != null) GlPixelArraysTest.assertClose(what, want, got, 0, want.length);
    }
}
