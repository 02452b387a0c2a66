package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;

/** The renderer contract on the CPU tracer with an octree per shape, walked in pre-order by skip links. */
class CpuOctreeContractTest extends CpuContract {
    CpuOctreeContractTest() {
        super(AccelStructure.OCTREE);
    }
}
