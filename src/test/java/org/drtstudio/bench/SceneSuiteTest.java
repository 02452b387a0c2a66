package org.drtstudio.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SceneSuiteTest {
    @Test
    void driverVersionIsTheRestOfGlVersion() {
        assertEquals("NVIDIA 580.159.04", SceneSuite.driver("4.6.0 NVIDIA 580.159.04", "NVIDIA Corporation"));
        assertEquals("Mesa 22.3.6", SceneSuite.driver("4.5 (Core Profile) Mesa 22.3.6", "Mesa"));
        assertEquals("Vendor 4.3", SceneSuite.driver("4.3", "Vendor"));
    }
}
