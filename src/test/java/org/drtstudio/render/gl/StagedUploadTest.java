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

    /**
     * RGBA32F textures as the geometry image has them (integer fields in float bits, NaN patterns among
     * them), written either way: from the unpack buffer, and by the compute pass a hardware GPU uses
     * ({@link TexelCopy}), through both halves many times, the last row partial, and again in place.
     * Compared bit for bit: {@code assertArrayEquals} on floats would take any NaN for any other.
     */
    @Test
    void rgba32fTexturesHoldEveryBitEitherWay() {
        GL.get().call(() -> {
            int width = 64, rows = 23;
            float[] data = new float[((rows - 1) * width + 5) * 4];
            for (int i = 0; i < data.length; i++) data[i] = Float.intBitsToFloat(i % 3 == 0 ? -1 - i : 0x3f800000 + 977 * i);
            for (boolean byShader : new boolean[]{false, true}) {
                float[] before = new float[width * rows * 4];
                Arrays.fill(before, -7f);
                try (StagedUpload staging = StagedUpload.create(16 * width * 3, byShader); // three rows a half
                     Texture2D target = Texture2D.create(TextureFormat.RGBA32F, width, rows, before)) {
                    for (int turn = 0; turn < 2; turn++) {
                        float[] sent = data.clone();
                        if (turn == 1) for (int i = 0; i < sent.length; i += 7) sent[i] = turn * i;
                        staging.toTexture(target, sent);
                        float[] back = TextureReadback.floats(target, TextureReadback.DEFAULT_BAND_BYTES);
                        for (int i = 0; i < sent.length; i++) {
                            int expected = Float.floatToRawIntBits(sent[i]), got = Float.floatToRawIntBits(back[i]);
                            if (got != expected) fail((byShader ? "shader" : "unpack") + ", turn " + turn + ": float " + i + " is "
                                    + Integer.toHexString(got) + ", sent " + Integer.toHexString(expected));
                        }
                        for (int i = sent.length; i < back.length; i++) assertEquals(-7f, back[i], "beyond the data, float " + i);
                        // The two ways give the same bits: without this the test passes with the pass never run.
                        assertEquals(byShader ? (turn + 1L) * (sent.length / 4) : 0, staging.texelsWrittenByShader(),
                                (byShader ? "shader" : "unpack") + ", turn " + turn + ": texels the compute pass wrote");
                    }
                }
            }
            return null;
        });
    }

    /** Warmed up (as drt render's tracer does while a large scene loads), a staging buffer sends as a fresh one; only a fresh one warms up. */
    @Test
    void aWarmedUpStagingBufferSendsWhatItIsGiven() {
        GL.get().call(() -> {
            float[] data = randomFloats(16 * 9 * 4 + 8, 4);
            try (StagedUpload staging = StagedUpload.create(16 * 16 * 2, true);
                 Texture2D texture = Texture2D.create(TextureFormat.RGBA32F, 16, 10);
                 ShaderStorageBuffer buffer = ShaderStorageBuffer.deviceLocal(4L * data.length)) {
                staging.warmUp();
                staging.toTexture(texture, data);
                assertEquals(1 + data.length / 4, staging.texelsWrittenByShader(), "the warm-up's texel and the data's, by the compute pass");
                staging.toBuffer(buffer, data);
                float[] back = TextureReadback.floats(texture, TextureReadback.DEFAULT_BAND_BYTES);
                assertArrayEquals(data, Arrays.copyOf(back, data.length));
                float[] fromBuffer = new float[data.length];
                buffer.read(fromBuffer);
                assertArrayEquals(data, fromBuffer);
                assertThrows(IllegalStateException.class, staging::warmUp, "its halves may still be read by a copy");
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
