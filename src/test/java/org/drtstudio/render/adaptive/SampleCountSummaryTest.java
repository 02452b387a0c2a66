package org.drtstudio.render.adaptive;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class SampleCountSummaryTest {
    @Test
    void totalsSharesAndRegions() {
        // 8x4: the left half stopped at 16, the right half's top row at 64, the rest at 256.
        int w = 8, h = 4;
        float[] counts = new float[w * h];
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) counts[y * w + x] = x < 4 ? 16 : y == 0 ? 64 : 256;
        SampleCountSummary s = SampleCountSummary.of(counts, w, h);
        assertEquals(16, s.min());
        assertEquals(256, s.max());
        assertEquals(16 * 16 + 4 * 64 + 12 * 256, s.total());
        assertEquals(s.total() / 32.0, s.mean(), 1e-9);
        assertEquals(Map.of(16, 0.5, 64, 0.125, 256, 0.375), s.stopped());
        assertArrayEquals(new double[]{16, 16, 64, 64}, s.grid()[0]);
        assertArrayEquals(new double[]{16, 16, 256, 256}, s.grid()[3]);
        List<String> lines = s.lines(256);
        assertEquals("samples per pixel: mean 112.0, min 16, max 256 (3,584 samples, 44% of 256 spp everywhere)", lines.get(0));
        assertEquals("pixels stopped at: 16 spp 50.0%, 64 spp 12.5%, 256 spp 37.5% (not converged)", lines.get(1));
        assertEquals("mean spp by region (4x4, top row first):", lines.get(2));
        assertEquals("     16.0    16.0    64.0    64.0", lines.get(3));
    }

    @Test
    void heatMapRunsFromBlackToWhite() {
        byte[] rgba = SampleHeatMap.rgba(new float[]{0, 16, 256}, 256);
        assertEquals(0, rgba[0]);
        assertEquals((byte) 255, rgba[8]);
        assertEquals((byte) 255, rgba[9]);
        int mid = (rgba[4] & 255) + (rgba[5] & 255) + (rgba[6] & 255);
        assertTrue(mid > 0 && mid < 3 * 255, "16 of 256 is between: " + mid);
    }
}
