package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The renderer contract on one CPU tracer (two threads): the reference tracer walking one
 * acceleration structure, or the production tracer over one walk. One tracer per test class, so a
 * subclass names only what it walks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class CpuContract extends RendererContract {
    private final CpuRenderer cpu;

    CpuContract(AccelStructure accel) {
        this(new CpuRenderer(2, NodeKind.DEFAULT, accel));
    }

    protected CpuContract(CpuRenderer cpu) {
        this.cpu = cpu;
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
