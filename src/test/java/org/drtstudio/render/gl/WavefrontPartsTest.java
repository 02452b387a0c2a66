package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * How many slots a pixel's samples are spread over ({@link GlWavefront#partsPerPixel}): the frame's
 * share of FRAME_SLOTS, never more than the pass's samples, and at least one. It depends on the
 * whole frame only, so a GPU's band of the frame spreads its pixels as one GPU does.
 */
class WavefrontPartsTest {
    private static final int HD = 1920 * 1080;

    @Test
    void theFramesShareOfTheSlots() {
        assertEquals(GlWavefront.MAX_SLOTS, GlWavefront.FRAME_SLOTS, "the default (run without -Ddrt.wavefrontFrameSlots)");
        assertEquals(4, GlWavefront.partsPerPixel(HD, 16), "1080p");
        assertEquals(9, GlWavefront.partsPerPixel(1280 * 720, 16), "720p");
        assertEquals(2, GlWavefront.partsPerPixel(2560 * 1440, 16), "1440p");
        assertEquals(1, GlWavefront.partsPerPixel(4 * HD, 16), "4K");
    }

    @Test
    void neverMoreThanTheSamples() {
        assertEquals(5, GlWavefront.partsPerPixel(56 * 40, 5));
        assertEquals(1, GlWavefront.partsPerPixel(1, 1));
    }

    @Test
    void atLeastOne() {
        assertEquals(1, GlWavefront.partsPerPixel(16 * HD, 16), "8K");
    }
}
