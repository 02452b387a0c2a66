package org.drtstudio.studio.viewport;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NearestUpscaleTest {
    /** Each view pixel takes the coarse pixel it lies in, as the unsmoothed ImageView showed it. */
    @Test
    void everyViewPixelTakesTheCoarsePixelItLiesIn() {
        int w = 3, h = 2, tw = 7, th = 5;
        byte[] coarse = new byte[4 * w * h];
        for (int p = 0; p < w * h; p++) for (int c = 0; c < 4; c++) coarse[4 * p + c] = (byte) (10 * p + c);
        NearestUpscale up = new NearestUpscale();
        byte[] out = up.of(coarse, w, h, tw, th);
        assertEquals(4 * tw * th, out.length);
        for (int y = 0; y < th; y++) {
            for (int x = 0; x < tw; x++) {
                int sx = x * w / tw, sy = y * h / th;
                for (int c = 0; c < 4; c++) {
                    assertEquals(coarse[4 * (sy * w + sx) + c], out[4 * (y * tw + x) + c], "pixel " + x + "," + y + " channel " + c);
                }
            }
        }
        assertEquals(out, up.of(coarse, w, h, tw, th), "the array is reused while the size stays");
    }
}
