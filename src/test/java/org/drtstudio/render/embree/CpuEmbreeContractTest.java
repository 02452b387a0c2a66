package org.drtstudio.render.embree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.cpu.CpuContract;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * The renderer contract on the production CPU tracer with Embree finding the hits, small scenes
 * included (the production walk leaves those to the Java walk, which {@code CpuWideContractTest}
 * holds to the contract); skipped, with the reason, where Embree is not installed.
 */
class CpuEmbreeContractTest extends CpuContract {
    CpuEmbreeContractTest() {
        super(new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.BVH, new EmbreeWalk(0)));
    }

    @BeforeAll
    void embreeIsThere() {
        Assumptions.assumeTrue(EmbreeWalk.available(), "Embree is not usable here: " + EmbreeWalk.problem());
    }
}
