package org.drtstudio.render.multigpu;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import org.drtstudio.render.PixelWindow;

class BandBalanceTest {
    @Test
    void theFirstPassSplitsTheRowsEvenlyAndTheBandsTileTheFrame() {
        BandBalance b = new BandBalance(3);
        List<PixelWindow> bands = b.bands(100, 1081);
        assertEquals(List.of(new PixelWindow(0, 0, 100, 360), new PixelWindow(0, 360, 100, 360), new PixelWindow(0, 720, 100, 361)), bands);
    }

    /** Rows below 300 cost four times the others: the top device's band grows until both take as long. */
    @Test
    void unequalHalvesConvergeToEqualTimes() {
        BandBalance b = new BandBalance(2);
        double[] times = null;
        for (int pass = 0; pass < 8; pass++) {
            List<PixelWindow> bands = b.bands(64, 1000);
            times = new double[2];
            for (int d = 0; d < 2; d++) {
                PixelWindow w = bands.get(d);
                for (int y = w.y(); y < w.y() + w.height(); y++) times[d] += y < 300 ? 1 : 4;
            }
            b.measured(times, 16);
        }
        assertEquals(1, times[0] / times[1], 0.02, "times after balancing: " + times[0] + " and " + times[1]);
        assertTrue(b.rows()[0] > 600, "the cheap rows' band grew: " + b);
        assertEquals(1000, b.rows()[0] + b.rows()[1]);
    }

    /** Measured on two H200s: both GPUs slow at once, unevenly, for one pass; the bands stay, and a lasting change counts. */
    @Test
    void aLoneSpikeMovesNothingButASecondSlowPassCounts() {
        BandBalance b = new BandBalance(2);
        b.bands(1920, 1080);
        b.measured(new double[]{40, 40}, 16);
        int[] balanced = b.rows();
        assertArrayEquals(new int[]{540, 540}, balanced);
        b.measured(new double[]{97, 140}, 16);
        assertArrayEquals(balanced, b.rows(), "a lone spike moves no edge");
        b.measured(new double[]{41, 39}, 16);
        assertNotEquals(540, b.rows()[0], "the pass after the spike counts");
        int[] before = b.rows();
        b.measured(new double[]{100, 140}, 16);
        assertArrayEquals(before, b.rows());
        b.measured(new double[]{100, 140}, 16);
        assertTrue(b.rows()[0] > before[0], "two slow passes in a row are a new cost: " + b);
        // A pass of more samples is no spike (a progressive render's passes grow): it counts.
        int[] counted = b.rows();
        b.measured(new double[]{400, 560}, 64);
        assertTrue(b.rows()[0] > counted[0], "a longer pass of more samples counts: " + b);
    }

    @Test
    void aNewSizeStartsEvenAgainAndNonsenseTimesAreIgnored() {
        BandBalance b = new BandBalance(2);
        b.bands(10, 100);
        b.measured(new double[]{1, 3}, 16);
        assertNotEquals(50, b.rows()[0]);
        b.measured(new double[]{0, Double.NaN}, 16);
        int[] kept = b.rows();
        assertArrayEquals(kept, b.rows());
        assertEquals(List.of(new PixelWindow(0, 0, 10, 20), new PixelWindow(0, 20, 10, 20)), b.bands(10, 40));
        b.measured(new double[]{1e-9, 1e9}, 16);
        assertTrue(b.rows()[1] >= 1, "every device keeps a row");
    }
}
