package org.drtstudio.studio.preview;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ScreenPixelsTest {
    /** Each view pixel takes the coarse pixel it lies in, as the unsmoothed ImageView showed it, in BGRA with alpha 255. */
    @Test
    void everyViewPixelTakesTheCoarsePixelItLiesInAsBgra() {
        int w = 3, h = 2, tw = 7, th = 5;
        byte[] rgba = new byte[4 * w * h];
        for (int p = 0; p < w * h; p++) for (int c = 0; c < 4; c++) rgba[4 * p + c] = (byte) (10 * p + c);
        byte[] out = ScreenPixels.bgra(rgba, w, h, tw, th);
        assertEquals(4 * tw * th, out.length);
        for (int y = 0; y < th; y++) {
            for (int x = 0; x < tw; x++) {
                int s = 4 * ((y * h / th) * w + x * w / tw), d = 4 * (y * tw + x);
                String at = "pixel " + x + "," + y;
                assertEquals(rgba[s + 2], out[d], at + " blue");
                assertEquals(rgba[s + 1], out[d + 1], at + " green");
                assertEquals(rgba[s], out[d + 2], at + " red");
                assertEquals((byte) 255, out[d + 3], at + " alpha");
            }
        }
    }

    /** At its own size the picture is only reordered. */
    @Test
    void atItsOwnSizeOnlyTheChannelsMove() {
        byte[] rgba = {1, 2, 3, 4, 5, 6, 7, 8};
        assertEquals(java.util.Arrays.toString(new byte[]{3, 2, 1, (byte) 255, 7, 6, 5, (byte) 255}),
                java.util.Arrays.toString(ScreenPixels.bgra(rgba, 2, 1, 2, 1)));
    }
}
