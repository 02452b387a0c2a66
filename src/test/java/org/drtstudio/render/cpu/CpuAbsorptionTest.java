package org.drtstudio.render.cpu;

import org.drtstudio.render.AbsorptionChecks;
import org.junit.jupiter.api.Test;

/** Beer absorption of the CPU reference against its closed form. */
class CpuAbsorptionTest {
    @Test
    void slabTransmission() throws Exception {
        AbsorptionChecks.slabTransmissionIsBeer(new CpuRenderer(2));
    }
}
