package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * How many slots a pixel's samples are spread over ({@link GlWavefront#partsPerPixel}): as many as the
 * window's slots allow, never more than the pass's samples, and at least one (a tile larger than the
 * slots is traced one slot a pixel, in several windows).
 */
class WavefrontPartsTest {
    private static final int HD = 1920 * 1080;

    @Test
    void asManyAsTheSlotsAllow() {
        assertEquals(2, GlWavefront.partsPerPixel(4_400_000, HD, 16), "1080p where 4.4 M slots fit");
        assertEquals(4, GlWavefront.partsPerPixel(4_400_000, HD / 2, 16), "a half-height band of two GPUs");
        assertEquals(1, GlWavefront.partsPerPixel(2_850_000, HD, 16), "1080p where fewer than two slots a pixel fit");
    }

    @Test
    void neverMoreThanTheSamples() {
        assertEquals(5, GlWavefront.partsPerPixel(4_400_000, 56 * 40, 5));
        assertEquals(1, GlWavefront.partsPerPixel(4_400_000, 1, 1));
    }

    @Test
    void atLeastOne() {
        assertEquals(1, GlWavefront.partsPerPixel(320, 1500, 3), "a tile larger than a window");
        assertEquals(1, GlWavefront.partsPerPixel(320, 320, 16), "as many slots as pixels");
    }
}
