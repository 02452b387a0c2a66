package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

import static org.junit.jupiter.api.Assertions.*;

@Timeout(60)
class Texture2DTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();


    @Test
    void tooLargeATextureIsAClearErrorNamingTheLimit() {
        int limit = GL.get().info().maxTextureSize();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GL.get().call(() -> Texture2D.create(TextureFormat.RGBA32F, limit + 1, 2)));
        assertEquals("texture " + (limit + 1) + "x2 (RGBA32F) exceeds GL_MAX_TEXTURE_SIZE = " + limit
                + " of " + GL.get().info().renderer(), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GL.get().call(() -> Texture2D.create(TextureFormat.R32F, 1, 0)));
        assertEquals(0, GL.get().call(() -> GL.get().openObjectCount()), "nothing was allocated");
    }

    @Test
    void rgba32fUploadReadsBackExactlyIncludingARegionUpdate() {
        int w = 5;
        int h = 3;
        float[] texels = new float[w * h * 4];
        for (int i = 0; i < texels.length; i++) {
            texels[i] = i * 0.25f - 3f;
        }
        FloatBuffer patch = ByteBuffer.allocateDirect(2 * 4 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        patch.put(new float[]{100, 101, 102, 103, 104, 105, 106, 107}).flip();
        ByteBuffer out = ByteBuffer.allocateDirect(w * h * 16).order(ByteOrder.nativeOrder());
        GL.get().run(() -> {
            try (Texture2D texture = Texture2D.create(TextureFormat.RGBA32F, w, h, texels);
                 PixelPackBuffer readback = PixelPackBuffer.create(texture.sizeBytes())) {
                texture.write(3, 2, 2, 1, patch); // texels (3,2) and (4,2)
                readback.read(texture, out);
            }
        });
        FloatBuffer got = out.flip().asFloatBuffer();
        float[] expected = texels.clone();
        System.arraycopy(new float[]{100, 101, 102, 103, 104, 105, 106, 107}, 0, expected, (3 + 2 * w) * 4, 8);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], got.get(i), "float " + i);
        }
    }

    @Test
    void anAllocatedImageReadsBackStraightIntoAnArray() {
        // An R32F image three times the picture's width, as the denoiser's inputs are; NaN and infinity too (depth).
        int w = 3 * 7, h = 4;
        float[] texels = new float[w * h];
        for (int i = 0; i < texels.length; i++) texels[i] = i % 9 == 0 ? Float.POSITIVE_INFINITY : i * 0.37f - 2f;
        texels[5] = Float.NaN;
        float[] got = new float[texels.length];
        GL.get().run(() -> {
            try (Texture2D t = Texture2D.allocate(TextureFormat.R32F, w, h)) {
                t.write(0, 0, w, h, texels);
                t.read(got);
                assertTrue(assertThrows(IllegalArgumentException.class, () -> t.read(new float[texels.length - 1]))
                        .getMessage().contains("needs " + texels.length + " floats"));
            } catch (GpuMemoryException e) {
                throw new AssertionError(e);
            }
        });
        for (int i = 0; i < texels.length; i++) {
            assertEquals(Float.floatToRawIntBits(texels[i]), Float.floatToRawIntBits(got[i]), "float " + i);
        }
        assertEquals(0, GL.get().call(() -> GL.get().openObjectCount()), "nothing left open");
    }

    @Test
    void misuseGivesClearErrors() {
        GL.get().run(() -> {
            try (Texture2D texture = Texture2D.create(TextureFormat.RGBA32F, 4, 4);
                 Texture2D bytes = Texture2D.create(TextureFormat.RGBA8, 4, 4);
                 PixelPackBuffer small = PixelPackBuffer.create(16)) {
                assertTrue(assertThrows(IllegalArgumentException.class,
                        () -> texture.write(0, 0, 4, 4, FloatBuffer.allocate(64))).getMessage().contains("direct buffer"));
                assertTrue(assertThrows(IllegalArgumentException.class,
                        () -> texture.write(3, 3, 2, 2, new float[16])).getMessage().contains("outside the 4x4 texture"));
                assertTrue(assertThrows(IllegalArgumentException.class,
                        () -> texture.write(0, 0, 4, 4, new float[63])).getMessage().contains("needs 64 floats, got 63"));
                assertTrue(assertThrows(IllegalArgumentException.class,
                        () -> bytes.write(0, 0, 1, 1, new float[4])).getMessage().contains("takes bytes"));
                assertTrue(assertThrows(IllegalArgumentException.class,
                        () -> small.start(texture)).getMessage().contains("needs 256 bytes; this buffer holds 16"));
                assertThrows(IllegalStateException.class, () -> small.finish(ByteBuffer.allocate(16)));
            }
        });
    }
}
