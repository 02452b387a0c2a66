package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** When a warm-up's timings count as settled: flat for a whole window, not merely two alike in a row. */
class SettledTimingsTest {
    @Test
    void flatTimingsSettleOnceTheySpanTheWindow() {
        SettledTimings t = new SettledTimings(250);
        t.add(10, 0.50);
        t.add(100, 0.50);
        assertFalse(t.settled(), "90 ms of a 250 ms window");
        t.add(200, 0.49);
        t.add(260, 0.50);
        assertTrue(t.settled(), "250 ms within 3 %");
    }

    /** H100, bunny: 1.67 ms, then a plateau at 0.98 ms (an intermediate clock), then 0.29 ms. */
    @Test
    void aPlateauOnTheWayDownIsNotSettledUntilAWholeWindowPassedAfterTheLastDrop() {
        SettledTimings t = new SettledTimings(250);
        t.add(0, 1.67);
        for (int ms = 20; ms <= 300; ms += 20) t.add(ms, 0.98);
        assertTrue(t.settled(), "flat for 250 ms: a plateau that long cannot be told from the working clock");
        t.add(320, 0.29);
        assertFalse(t.settled(), "the clock rose again");
        for (int ms = 340; ms <= 540; ms += 20) {
            t.add(ms, 0.29);
            assertFalse(t.settled(), "still within 250 ms of the 0.98 ms batches at " + ms + " ms");
        }
        t.add(560, 0.29);
        assertTrue(t.settled(), "no slower batch in the last 250 ms");
    }

    @Test
    void twoEqualBatchesAfterADropAreNotEnough() {
        SettledTimings t = new SettledTimings(250);
        t.add(0, 2.78);
        t.add(260, 2.30);
        t.add(280, 0.98);
        t.add(300, 0.98);
        assertFalse(t.settled());
    }

    @Test
    void slowerTimingsDoNotHoldTheWarmUpBack() {
        SettledTimings t = new SettledTimings(100);
        t.add(0, 0.44);
        t.add(60, 0.45);
        t.add(120, 0.50);
        assertTrue(t.settled(), "a slower latest batch is noise or load, not a clock still rising");
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SettledTimings(0));
        SettledTimings t = new SettledTimings(10);
        t.add(5, 1);
        assertThrows(IllegalArgumentException.class, () -> t.add(4, 1));
        assertFalse(new SettledTimings(10).settled(), "no timings: not settled");
    }
}
