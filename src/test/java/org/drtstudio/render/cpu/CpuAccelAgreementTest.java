package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.RenderException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The CPU tracer's grid and octree walks (both octree constructions) find the BVH's hits ({@link AccelAgreementChecks}) on every SPD scene and OBJ model of ../shared/data. */
class CpuAccelAgreementTest {
    /** Every SPD scene at SPD_SIZE², every OBJ model at OBJ_W × OBJ_H (the sizes keep the class within its time on a 2-core machine). */
    static final int SPD_SIZE = 64, OBJ_W = 80, OBJ_H = 60;
    private static final CpuRenderer BVH = new CpuRenderer(2);
    private static final CpuRenderer GRID = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.GRID);
    private static final CpuRenderer OCTREE = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.OCTREE);
    private static final CpuRenderer OCTREE_REPORT = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.OCTREE_REPORT);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.drtstudio.render.AccelAgreementChecks#spdScenes")
    void spdScenesAgree(String file) throws Exception {
        var scene = AccelAgreementChecks.spd(file, SPD_SIZE);
        AccelAgreementChecks.assertAgrees(BVH, GRID, scene, file + " grid");
        AccelAgreementChecks.assertAgrees(BVH, OCTREE, scene, file + " octree");
        AccelAgreementChecks.assertAgrees(BVH, OCTREE_REPORT, scene, file + " octree-report");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.drtstudio.render.AccelAgreementChecks#objModels")
    void sharedObjModelsAgree(String model) throws Exception {
        var scene = AccelAgreementChecks.sharedObj(model, OBJ_W, OBJ_H);
        AccelAgreementChecks.assertAgrees(BVH, GRID, scene, model + " grid");
        AccelAgreementChecks.assertAgrees(BVH, OCTREE, scene, model + " octree");
        AccelAgreementChecks.assertAgrees(BVH, OCTREE_REPORT, scene, model + " octree-report");
    }

    @ParameterizedTest
    @EnumSource(value = AccelStructure.class, names = {"GRID", "OCTREE", "OCTREE_REPORT"})
    void instancedShapesAgree(AccelStructure accel) throws RenderException {
        CpuRenderer r = accel == AccelStructure.GRID ? GRID : accel == AccelStructure.OCTREE ? OCTREE : OCTREE_REPORT;
        AccelAgreementChecks.assertAgrees(BVH, r, AccelAgreementChecks.instanced(96, 72), "instanced " + accel);
    }
}
