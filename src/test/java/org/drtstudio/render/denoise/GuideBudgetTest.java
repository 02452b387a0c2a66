package org.drtstudio.render.denoise;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GuideBudgetTest {
    @Test
    void theGpusBudgetIsSixteenTimesTheSamplesAtMost256() {
        assertEquals(1, GuideBudget.EQUAL_SAMPLES.samples(1));
        assertEquals(64, GuideBudget.EQUAL_SAMPLES.samples(4));
        assertEquals(256, GuideBudget.EQUAL_SAMPLES.samples(16));
        assertEquals(256, GuideBudget.EQUAL_SAMPLES.samples(1 << 20));
        assertEquals(GuideBudget.EQUAL_SAMPLES.samples(16), GuideEdges.samples(16));
    }

    @Test
    void theCpusBudgetIsFourTimesTheSamplesAtMost64() {
        assertEquals(1, GuideBudget.EQUAL_CPU_TIME.samples(1));
        assertEquals(8, GuideBudget.EQUAL_CPU_TIME.samples(2));
        assertEquals(64, GuideBudget.EQUAL_CPU_TIME.samples(16));
        assertEquals(64, GuideBudget.EQUAL_CPU_TIME.samples(Integer.MAX_VALUE));
    }

    @Test
    void aBudgetOfNoSamplesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new GuideBudget(0, 64));
        assertThrows(IllegalArgumentException.class, () -> new GuideBudget(4, 0));
    }
}
