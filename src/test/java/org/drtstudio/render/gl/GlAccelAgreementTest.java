package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.NodeKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The GL tracer's grid and octree walks ({@code traverse_grid.glsl}, {@code traverse_octree.glsl})
 * find the GL BVH walk's hits ({@link AccelAgreementChecks}); at small sizes for llvmpipe.
 */
@Timeout(600)
class GlAccelAgreementTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> BVH = SharedGl.renderer();
    @RegisterExtension
    static final SharedGl<GlRenderer> GRID = SharedGl.renderer(AccelStructure.GRID);
    @RegisterExtension
    static final SharedGl<GlRenderer> OCTREE = SharedGl.renderer(AccelStructure.OCTREE);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.drtstudio.render.AccelAgreementChecks#spdScenes")
    void spdScenesAgree(String file) throws Exception {
        var scene = AccelAgreementChecks.spd(file, 48);
        AccelAgreementChecks.assertAgrees(BVH.get(), GRID.get(), scene, file + " grid");
        AccelAgreementChecks.assertAgrees(BVH.get(), OCTREE.get(), scene, file + " octree");
    }

    @Test
    void sharedObjAgrees() throws Exception {
        var teapot = AccelAgreementChecks.sharedObj("teapot/teapot.obj", 64, 48);
        AccelAgreementChecks.assertAgrees(BVH.get(), GRID.get(), teapot, "teapot.obj grid");
        AccelAgreementChecks.assertAgrees(BVH.get(), OCTREE.get(), teapot, "teapot.obj octree");
    }

    /** The studio's switch: one GL tracer told to walk the grid, then the octree, then the BVH again, recompiles each time. */
    @Test
    void aTracerSwitchedBetweenStructuresRendersEachAlike() throws Exception {
        var scene = AccelAgreementChecks.spd("teapot_s1.nff", 32);
        try (GlRenderer switching = GlRenderer.start(false, NodeKind.DEFAULT, AccelStructure.BVH)) {
            for (AccelStructure s : new AccelStructure[]{AccelStructure.GRID, AccelStructure.OCTREE, AccelStructure.BVH}) {
                switching.useAccel(s);
                AccelAgreementChecks.assertAgrees(BVH.get(), switching, scene, "switched to " + s);
                org.junit.jupiter.api.Assertions.assertEquals(s, switching.glThread().call(switching::builtAccel), "programs for " + s);
            }
        }
    }

    @Test
    void instancedShapesAgree() throws Exception {
        var instanced = AccelAgreementChecks.instanced(64, 48);
        AccelAgreementChecks.assertAgrees(BVH.get(), GRID.get(), instanced, "instanced grid");
        AccelAgreementChecks.assertAgrees(BVH.get(), OCTREE.get(), instanced, "instanced octree");
    }
}
