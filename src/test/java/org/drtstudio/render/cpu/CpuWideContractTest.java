package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.NodeKind;

/** The renderer contract on the production CPU tracer with the Java four-wide walk finding the hits. */
class CpuWideContractTest extends CpuContract {
    CpuWideContractTest() {
        super(new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.BVH, WideWalk.INSTANCE));
    }
}
