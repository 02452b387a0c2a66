package org.drtstudio.render.adaptive;

import org.drtstudio.render.AdaptiveSampling;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The parts of adaptive sampling that need no tracer (schedule, parameters); the tracers' part is in {@link RendererContract}. */
class AdaptiveSamplingTest {
    @Test
    void scheduleGrowsByHalfAndEndsAtTheMaximum() {
        AdaptiveSampling a = AdaptiveSampling.of(0.02f);
        List<Integer> totals = new ArrayList<>();
        int done = 0;
        while (done < 100) {
            done += AdaptiveRender.nextPass(done, 100, a);
            totals.add(done);
        }
        assertEquals(List.of(16, 24, 36, 54, 81, 100), totals);
        assertEquals(8, AdaptiveRender.nextPass(0, 8, a), "a maximum below the minimum is one pass");
    }

    @Test
    void thresholdsThatAreNoRelativeErrorAreRefusedNamingTheValue() {
        assertNull(AdaptiveSampling.problem(0));
        assertNull(AdaptiveSampling.problem(0.02));
        assertNull(AdaptiveSampling.problem(1));
        for (double bad : new double[]{-0.1, Double.NaN, 1.5, Double.POSITIVE_INFINITY}) {
            String problem = AdaptiveSampling.problem(bad);
            assertNotNull(problem, "accepted " + bad);
            assertTrue(problem.contains(String.valueOf(bad)), problem);
        }
        assertFalse(AdaptiveSampling.OFF.enabled());
        assertFalse(AdaptiveSampling.of(0.02f).canStopBefore(16), "16 spp leaves nothing to stop");
        assertTrue(AdaptiveSampling.of(0.02f).canStopBefore(17));
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveSampling(0.02f, 1));
    }
}
