package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Band-wise read-back (needed because the largest render's RGBA32F image is 4 GiB, more than one
 * buffer can index) returns the same texels as one read of the whole texture, whatever the band
 * size: one row per band, an uneven last band, one band for everything.
 */
@Timeout(60)
class TextureReadbackTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    private static final int W = 7;
    private static final int H = 5;

    @Test
    void floatBandsOfAnySizeReadTheWholeTexture() {
        float[] texels = new float[W * H * 4];
        for (int i = 0; i < texels.length; i++) texels[i] = i * 0.5f - 11f;
        long row = W * 16L;
        for (long band : new long[]{1, row, 2 * row + 3, 3 * row, 1L << 30}) {
            float[] got = GL.get().call(() -> {
                try (Texture2D t = Texture2D.create(TextureFormat.RGBA32F, W, H, texels)) {
                    return TextureReadback.floats(t, band);
                }
            });
            assertArrayEquals(texels, got, "band of " + band + " bytes");
        }
    }

    @Test
    void byteBandsReadTheWholeTexture() {
        byte[] texels = new byte[W * H * 4];
        for (int i = 0; i < texels.length; i++) texels[i] = (byte) (i * 7);
        byte[] got = GL.get().call(() -> {
            try (Texture2D t = Texture2D.create(TextureFormat.RGBA8, W, H, java.nio.ByteBuffer.allocateDirect(texels.length).put(texels).flip())) {
                return TextureReadback.bytes(t, 2 * W * 4L);
            }
        });
        assertArrayEquals(texels, got);
    }

    @Test
    void aBandOutsideTheTextureIsRefused() {
        GL.get().run(() -> {
            try (Texture2D t = Texture2D.create(TextureFormat.R32F, W, H);
                 PixelPackBuffer pbo = PixelPackBuffer.create(1 << 10)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pbo.startRows(t, 3, 3));
                assertEquals("rows 3 .. 5 are outside the 7x5 texture", e.getMessage());
            }
        });
        assertEquals(0, GL.get().call(() -> GL.get().openObjectCount()), "nothing left open");
    }
}
