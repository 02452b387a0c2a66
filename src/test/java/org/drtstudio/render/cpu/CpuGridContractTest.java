package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;

/** The renderer contract on the CPU tracer with a uniform grid per shape, walked by a 3D-DDA. */
class CpuGridContractTest extends CpuContract {
    CpuGridContractTest() {
        super(AccelStructure.GRID);
    }
}
