package org.drtstudio.render.gl;

import org.drtstudio.render.PixelWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pass's images come back in place through the mapped memory, rows of its tiles only: with a
 * piece far smaller than the image (many copies through one piece, the last partial), for RGBA8,
 * RGBA32F and R32F textures; rows outside the tiles stay 0, and no tile reads nothing; bands of
 * whole rows read into an array made elsewhere leave its other rows as they were.
 */
@Timeout(120)
class FrameReadbackTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    private static final int W = 37, H = 29;

    @Test
    void rowsOfTheTilesComeBackInPlaceAndTheRestIsZero() {
        GL.get().call(() -> {
            Random random = new Random(11);
            float[] rgba = new float[4 * W * H], r = new float[W * H];
            byte[] bytes = new byte[4 * W * H];
            for (int i = 0; i < rgba.length; i++) rgba[i] = (float) random.nextGaussian();
            for (int i = 0; i < r.length; i++) r[i] = random.nextFloat();
            random.nextBytes(bytes);
            // Three rows of RGBA32F a piece: the 9 rows below take three pieces, the last partial.
            try (FrameReadback back = new FrameReadback(3 * W * 16);
                 Texture2D a = Texture2D.create(TextureFormat.RGBA32F, W, H, rgba);
                 Texture2D b = Texture2D.create(TextureFormat.R32F, W, H, r);
                 Texture2D c = Texture2D.create(TextureFormat.RGBA8, W, H, java.nio.ByteBuffer.allocateDirect(bytes.length).put(bytes).flip())) {
                FrameReadback.Rows rows = FrameReadback.Rows.of(List.of(new PixelWindow(5, 12, 10, 4), new PixelWindow(0, 17, W, 4)));
                assertEquals(new FrameReadback.Rows(12, 9), rows);
                float[] gotA = back.floats(a, 4, rows), gotB = back.floats(b, 1, rows);
                byte[] gotC = back.bytes(c, rows);
                for (int y = 0; y < H; y++) {
                    boolean read = y >= 12 && y < 21;
                    for (int i = y * W; i < (y + 1) * W; i++) {
                        for (int k = 0; k < 4; k++) {
                            assertEquals(read ? rgba[4 * i + k] : 0f, gotA[4 * i + k], "RGBA32F texel " + i);
                            assertEquals(read ? bytes[4 * i + k] : 0, gotC[4 * i + k], "RGBA8 texel " + i);
                        }
                        assertEquals(read ? r[i] : 0f, gotB[i], "R32F texel " + i);
                    }
                }
                // Into an array made elsewhere: only the bands' rows are written; tiles not of whole rows are no bands.
                byte[] into = new byte[bytes.length];
                java.util.Arrays.fill(into, (byte) 7);
                List<PixelWindow> bands = List.of(new PixelWindow(0, 2, W, 3), new PixelWindow(0, 20, W, 5));
                assertTrue(back.bytesInto(c, FrameReadback.Rows.bandsOf(bands, W), into));
                for (int y = 0; y < H; y++) {
                    boolean read = y >= 2 && y < 5 || y >= 20 && y < 25;
                    for (int i = 4 * y * W; i < 4 * (y + 1) * W; i++) assertEquals(read ? bytes[i] : 7, into[i], "band byte " + i);
                }
                assertNull(FrameReadback.Rows.bandsOf(List.of(new PixelWindow(1, 0, W - 1, 2)), W));
                assertThrows(IllegalArgumentException.class, () -> back.bytesInto(c, List.of(rows), new byte[5]));
                float[] all = back.floats(a, 4, FrameReadback.Rows.all(H));
                for (int i = 0; i < rgba.length; i++) assertEquals(rgba[i], all[i], "whole image, float " + i);
                float[] none = back.floats(b, 1, FrameReadback.Rows.of(List.of()));
                for (float v : none) assertEquals(0f, v);
                assertThrows(IllegalArgumentException.class, () -> back.floats(b, 4, rows));
                assertThrows(IllegalArgumentException.class, () -> back.floats(a, 4, new FrameReadback.Rows(H - 1, 2)));
            }
            return null;
        });
    }
}
