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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame's arrays are the same whether the GL tracer resolves its sums on the GPU (GlPixelArrays, as
 * it does wherever the picture fits) or in Java (as for wider pictures): the radiance, variance,
 * sample counts, guides (with a guide pass) and the denoiser's split of a scene with every effect.
 */
@Timeout(300)
class PixelArraysTwinTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void theGpuAndJavaResolvesGiveTheSameFrame() throws Exception {
        Scene scene = GlWavefrontTest.allEffects();
        Scene s = scene.withSettings(scene.settings().withSize(40, 30).withSampling(3, 5, 7));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        Set<Aov> aovs = EnumSet.copyOf(DenoiseInput.NEEDED);
        aovs.add(Aov.SAMPLES);
        GlRenderer gl = GL.get();
        Frame onGpu = gl.render(image, p, aovs, ProgressListener.NONE), inJava;
        try {
            gl.resolvePixelArraysOnGpu(false);
            inJava = gl.render(image, p, aovs, ProgressListener.NONE);
        } finally {
            gl.resolvePixelArraysOnGpu(true);
        }
        assertNotNull(onGpu.split(), "the guides were summed, so the frame carries the split");
        assertClose("radiance", inJava.radiance(), onGpu.radiance());
        assertClose("variance", inJava.variance(), onGpu.variance());
        assertClose("samples", inJava.samples(), onGpu.samples());
        assertClose("depth", inJava.depth(), onGpu.depth());
        assertClose("normals", inJava.normals(), onGpu.normals());
        assertClose("albedo", inJava.albedo(), onGpu.albedo());
        assertClose("diffuse", inJava.split().diffuse(), onGpu.split().diffuse());
        assertClose("diffuse variance", inJava.split().diffuseVariance(), onGpu.split().diffuseVariance());
        assertClose("other variance", inJava.split().otherVariance(), onGpu.split().otherVariance());
        assertClose("own albedo", inJava.split().ownAlbedo(), onGpu.split().ownAlbedo());
    }

    private static void assertClose(String what, float[] want, float[] got) {
        assertEquals(want.length, got.length, what + ": length");
        for (int i = 0; i < want.length; i++) {
            if (Float.isNaN(want[i]) || Float.isInfinite(want[i])) {
                assertEquals(want[i], got[i], what + " float " + i);
            } else {
                assertTrue(Math.abs(want[i] - got[i]) <= 1e-5f * Math.max(1f, Math.abs(want[i])),
                        what + " float " + i + ": Java " + want[i] + ", GPU " + got[i]);
            }
        }
    }
}
