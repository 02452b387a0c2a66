package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.RenderException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The CPU tracer's grid and octree walks find the BVH's hits ({@link AccelAgreementChecks}). */
class CpuAccelAgreementTest {
    private static final CpuRenderer BVH = new CpuRenderer(2);
    private static final CpuRenderer GRID = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.GRID);
    private static final CpuRenderer OCTREE = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.OCTREE);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.drtstudio.render.AccelAgreementChecks#spdScenes")
    void spdScenesAgree(String file) throws Exception {
        var scene = AccelAgreementChecks.spd(file, 64);
        AccelAgreementChecks.assertAgrees(BVH, GRID, scene, file + " grid");
        AccelAgreementChecks.assertAgrees(BVH, OCTREE, scene, file + " octree");
    }

    @Test
    void sharedObjAgrees() throws Exception {
        var scene = AccelAgreementChecks.sharedObj("teapot/teapot.obj", 80, 60);
        AccelAgreementChecks.assertAgrees(BVH, GRID, scene, "teapot.obj grid");
        AccelAgreementChecks.assertAgrees(BVH, OCTREE, scene, "teapot.obj octree");
    }

    @ParameterizedTest
    @EnumSource(value = AccelStructure.class, names = {"GRID", "OCTREE"})
    void instancedShapesAgree(AccelStructure accel) throws RenderException {
        CpuRenderer r = accel == AccelStructure.GRID ? GRID : OCTREE;
        AccelAgreementChecks.assertAgrees(BVH, r, AccelAgreementChecks.instanced(96, 72), "instanced " + accel);
    }
}
