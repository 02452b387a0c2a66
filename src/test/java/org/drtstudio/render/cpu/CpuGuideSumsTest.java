package org.drtstudio.render.cpu;

import org.drtstudio.render.GuideSumChecks;
import org.junit.jupiter.api.Test;

/** The CPU tracer sums the guides in its trace passes ({@link GuideSumChecks}). */
class CpuGuideSumsTest {
    @Test
    void summedAndToppedUpGuidesAreTheGuidePassOnes() throws Exception {
        try (CpuRenderer r = new CpuRenderer(2)) {
            GuideSumChecks.summedAndToppedUpGuidesAreTheGuidePassOnes(r);
        }
    }

    @Test
    void guidesAverageEverySampleOfTheRender() throws Exception {
        try (CpuRenderer r = new CpuRenderer(2)) {
            GuideSumChecks.guidesAverageEverySampleOfTheRender(r);
        }
    }
}
