package org.drtstudio.render.embree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The renderer contract on the production CPU tracer with Embree finding the hits, small scenes
 * included (the production walk leaves those to the Java walk, which {@code CpuWideContractTest}
 * holds to the contract); skipped, with the reason, where Embree is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CpuEmbreeContractTest extends RendererContract {
    private final CpuRenderer cpu = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.BVH, new EmbreeWalk(0));

    @BeforeAll
    void embreeIsThere() {
        Assumptions.assumeTrue(EmbreeWalk.available(), "Embree is not usable here: " + EmbreeWalk.problem());
    }

    @AfterAll
    void close() {
        cpu.close();
    }

    @Override
    protected Renderer renderer() {
        return cpu;
    }
}
