package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;

/** The renderer contract on the CPU reference tracer with the BVH (the geometry image's hierarchy). */
class CpuRendererContractTest extends CpuContract {
    CpuRendererContractTest() {
        super(AccelStructure.BVH);
    }
}
