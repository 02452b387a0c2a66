package org.drtstudio.render.gl;

import org.drtstudio.render.AbsorptionChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Beer absorption of the GL tracer (llvmpipe in CI) against the same closed form as the CPU twin. */
@Timeout(120)
class GlAbsorptionTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void slabTransmission() throws Exception {
        AbsorptionChecks.slabTransmissionIsBeer(GL.get());
    }
}
