package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A .cfg's CUDA_DEVICE (-Ddrt.gpu): that hardware device is tried first, the others stay as fallbacks in order. */
class GpuPreferenceTest {
    @Test
    void theChosenDeviceGoesFirstAndTheRestKeepTheirOrder() {
        List<String> devices = List.of("gpu0", "gpu1", "gpu2", "gpu3");
        assertEquals(List.of("gpu2", "gpu0", "gpu1", "gpu3"), EglDisplayCandidates.preferred(devices, 2));
        assertEquals(devices, EglDisplayCandidates.preferred(devices, 0));
        assertEquals(devices, EglDisplayCandidates.preferred(devices, -1), "no choice");
        assertEquals(devices, EglDisplayCandidates.preferred(devices, 4), "past the list: as EGL lists them");
    }
}
