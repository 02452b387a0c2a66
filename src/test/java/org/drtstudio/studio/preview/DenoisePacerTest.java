package org.drtstudio.studio.preview;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DenoisePacerTest {
    @Test
    void aNewViewDenoisesItsFirstPassAtOnce() {
        DenoisePacer pacer = new DenoisePacer();
        assertTrue(pacer.due(1));
    }

    @Test
    void afterASlowDenoiseThePassesWaitUntilTheyHaveTakenAsLong() {
        DenoisePacer pacer = new DenoisePacer();
        pacer.due(30);
        pacer.denoised(100); // denoising took 100, passes take 30
        assertFalse(pacer.due(30));
        assertFalse(pacer.due(30));
        assertFalse(pacer.due(30));
        assertTrue(pacer.due(30)); // 120 rendered since: denoise again
        pacer.denoised(100);
        assertFalse(pacer.due(30));
    }

    @Test
    void aCheapDenoiseRunsEveryPass() {
        DenoisePacer pacer = new DenoisePacer();
        for (int i = 0; i < 5; i++) {
            assertTrue(pacer.due(50));
            pacer.denoised(10);
        }
    }

    @Test
    void resetStartsOver() {
        DenoisePacer pacer = new DenoisePacer();
        pacer.due(1);
        pacer.denoised(1_000);
        assertFalse(pacer.due(10));
        pacer.reset();
        assertTrue(pacer.due(10));
    }
}
