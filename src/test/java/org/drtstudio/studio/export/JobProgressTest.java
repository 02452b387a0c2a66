package org.drtstudio.studio.export;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The status bar's share done and time left of a long export, with a made-up clock. */
class JobProgressTest {
    private static final long S = 1_000_000_000L;

    @Test
    void theTimeLeftFollowsTheRateSoFar() {
        JobProgress p = new JobProgress(100 * S);
        assertEquals("25 % · 30 s left", p.describe(0.25, 110 * S), "a quarter in 10 s: 30 s to go");
        assertEquals("50 % · 5 min 0 s left", p.describe(0.5, 400 * S));
        assertEquals("10 % · 2 h 42 min", p.describe(0.1, 100 * S + 1080 * S).replace(" left", ""));
    }

    @Test
    void tooEarlyForAnEstimateShowsTheShareAlone() {
        JobProgress p = new JobProgress(0);
        assertEquals("0 %", p.describe(0.005, 5 * S), "under 1 % done");
        assertEquals("40 %", p.describe(0.4, S), "under 2 s in");
        assertEquals("100 %", p.describe(1, 50 * S));
        assertEquals("5 s so far", p.describe(-1, 5 * S), "an unknown share: the time so far");
        assertEquals("", p.describe(-1, S / 2));
    }
}
