package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.PortalAgreementChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The CPU tracer with {@code --accel portals} finds the BVH's hits and shades them alike on voxel
 * scenes ({@link PortalAgreementChecks}), and on a scene without voxels is the BVH's walk.
 */
class CpuPortalAgreementTest {
    private static final CpuRenderer BVH = new CpuRenderer(2);
    private static final CpuRenderer PORTALS = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.PORTALS);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.drtstudio.render.PortalAgreementChecks#smallCases")
    void voxelScenesAgree(PortalAgreementChecks.Case c) throws Exception {
        PortalAgreementChecks.assertAllVoxelShapesWalked(c.scene());
        AccelAgreementChecks.assertAgrees(BVH, PORTALS, c.scene(), c.name());
    }

    @Test
    void meshesAloneAreWalkedAsTheBvh() throws Exception {
        var frames = AccelAgreementChecks.renderBoth(BVH, PORTALS, AccelAgreementChecks.instanced(64, 48));
        assertArrayEquals(frames[0].radiance(), frames[1].radiance(), "portals walk meshes with the box layout");
        assertArrayEquals(frames[0].depth(), frames[1].depth());
    }
}
