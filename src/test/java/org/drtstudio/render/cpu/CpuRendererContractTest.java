package org.drtstudio.render.cpu;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.AfterAll;

/** The renderer contract on the CPU reference tracer (box nodes, the default walk). */
class CpuRendererContractTest extends RendererContract {
    private static final CpuRenderer CPU = new CpuRenderer(2);

    @AfterAll
    static void close() {
        CPU.close();
    }

    @Override
    protected Renderer renderer() {
        return CPU;
    }
}
