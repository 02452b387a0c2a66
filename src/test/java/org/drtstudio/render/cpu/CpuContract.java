package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The renderer contract on the CPU tracer walking one acceleration structure (box nodes, the
 * default walk, two threads): one tracer per test class, so a subclass names only its structure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CpuContract extends RendererContract {
    private final CpuRenderer cpu;

    CpuContract(AccelStructure accel) {
        cpu = new CpuRenderer(2, NodeKind.DEFAULT, accel);
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
