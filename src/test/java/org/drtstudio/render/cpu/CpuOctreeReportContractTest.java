package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;

/** The renderer contract on the CPU tracer with the CUDA octree report's octree: straddlers listed in inner boxes. */
class CpuOctreeReportContractTest extends CpuContract {
    CpuOctreeReportContractTest() {
        super(AccelStructure.OCTREE_REPORT);
    }
}
