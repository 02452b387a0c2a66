package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;

/** The renderer contract on the production CPU tracer with the Java four-wide walk finding the hits. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CpuWideContractTest extends RendererContract {
    private final CpuRenderer cpu = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.BVH, WideWalk.INSTANCE);

    @AfterAll
    void close() {
        cpu.close();
    }

    @Override
    protected Renderer renderer() {
        return cpu;
    }
}
