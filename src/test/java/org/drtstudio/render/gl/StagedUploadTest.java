package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Arrays sent through the staging buffer arrive whole and in place: with halves far smaller than
 * the array, so it takes many turns through both halves (each refilled only after its fence), into
 * buffers and into texture rows whose last row is partial, as a geometry image's arrays are.
 */
@Timeout(300)
class StagedUploadTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    @Test
    void aBufferReceivesEveryFloatInPlace() {
        GL.get().call(() -> {
            assertTrue(StagedUpload.supported(), "llvmpipe and every GPU of the tests have GL 4.5");
            float[] data = randomFloats(10_000 + 3, 1);
            try (StagedUpload staging = StagedUpload.create(4096);
                 ShaderStorageBuffer target = ShaderStorageBuffer.deviceLocal(4L * data.length)) {
                staging.toBuffer(target, data);
                float[] back = new float[data.length];
                target.read(back);
                assertArrayEquals(data, back);
                // Sent again into the same buffer, as a rewrite does: the new values replace the old.
                float[] again = randomFloats(data.length, 2);
                staging.toBuffer(target, again);
                target.read(back);
                assertArrayEquals(again, back);
            }
            int[] ints = new int[5_001];
            for (int i = 0; i < ints.length; i++) ints[i] = 7 - 13 * i;
            try (StagedUpload staging = StagedUpload.create(1024);
                 ShaderStorageBuffer target = ShaderStorageBuffer.deviceLocal(4L * ints.length)) {
                staging.toBuffer(target, ints);
                int[] back = new int[ints.length];
                target.read(back);
                assertArrayEquals(ints, back);
            }
            return null;
        });
    }

    @Test
    void textureRowsReceiveEveryTexelAndThePartialLastRow() {
        GL.get().call(() -> {
            int width = 37, rows = 29;
            for (TextureFormat format : new TextureFormat[]{TextureFormat.RGBA32F, TextureFormat.R32F}) {
                int perTexel = format.channels();
                // The last row holds 11 texels; the texels after them keep what the texture held before.
                float[] data = randomFloats(((rows - 1) * width + 11) * perTexel, 3);
                float[] before = new float[width * rows * perTexel];
                Arrays.fill(before, -7f);
                try (StagedUpload staging = StagedUpload.create(16 * width * perTexel * 3); // three rows a half
                     Texture2D target = Texture2D.create(format, width, rows, before)) {
                    staging.toTexture(target, data);
                    float[] back = TextureReadback.floats(target, TextureReadback.DEFAULT_BAND_BYTES);
                    assertArrayEquals(data, Arrays.copyOf(back, data.length), format + ": the data");
                    for (int i = data.length; i < back.length; i++) assertEquals(-7f, back[i], format + ": beyond the data, float " + i);
                }
            }
            return null;
        });
    }

    @Test
    void aRowLargerThanAHalfIsRefused() {
        GL.get().call(() -> {
            try (StagedUpload staging = StagedUpload.create(64);
                 Texture2D target = Texture2D.create(TextureFormat.RGBA32F, 8, 2)) {
                assertThrows(IllegalArgumentException.class, () -> staging.toTexture(target, new float[64]));
            }
            return null;
        });
    }

    private static float[] randomFloats(int n, long seed) {
        Random random = new Random(seed);
        float[] out = new float[n];
        for (int i = 0; i < n; i++) out[i] = random.nextFloat() * 2000 - 1000;
        return out;
    }
}
