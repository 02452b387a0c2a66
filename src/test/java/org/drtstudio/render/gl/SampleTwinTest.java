package org.drtstudio.render.gl;

import org.drtstudio.render.cpu.SampleHash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code shaders/random.glsl} and {@link SampleHash} draw bit-identical sample values. */
@Timeout(60)
class SampleTwinTest {
    private static final int PIXELS = 40, SAMPLES = 1100;
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();


    @Test
    void glslAndJavaDrawTheSameBits() {
        int[] dimensions = {0, 1, 2, 3, 4, 65536, 65537, 65541, 3 * 65536 + 7};
        int[] seeds = {0, 12345, -7};
        for (int seed : seeds) {
            for (int dim : dimensions) {
                ByteBuffer values = ByteBuffer.allocate(PIXELS * SAMPLES * 4).order(ByteOrder.nativeOrder());
                GL.get().run(() -> {
                    try (ComputeProgram program = ComputeProgram.load("test/sample_values.comp", Map.of());
                         Texture2D image = Texture2D.create(TextureFormat.R32F, PIXELS, SAMPLES);
                         PixelPackBuffer readback = PixelPackBuffer.create(image.sizeBytes())) {
                        program.setIVec2("uSize", PIXELS, SAMPLES);
                        program.setUInt("uDimension", dim);
                        program.setUInt("uSeed", seed);
                        image.bindImage(0, ImageAccess.WRITE_ONLY);
                        program.dispatchCovering(PIXELS, SAMPLES);
                        GlSync.imageBarrier();
                        readback.read(image, values);
                    }
                });
                FloatBuffer floats = values.flip().asFloatBuffer();
                for (int s = 0; s < SAMPLES; s++) {
                    for (int x = 0; x < PIXELS; x++) {
                        assertEquals(SampleHash.uniform(x * 7919, s, dim, seed), floats.get(s * PIXELS + x),
                                "pixel " + x + " sample " + s + " dimension " + dim + " seed " + seed);
                    }
                }
            }
        }
    }
}
