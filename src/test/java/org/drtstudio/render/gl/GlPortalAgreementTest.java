package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.PortalAgreementChecks;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The GL tracer with {@code --accel portals} ({@code shaders/traverse_portals.glsl}, llvmpipe in CI)
 * finds the GL BVH walk's hits on voxel scenes and shades them alike ({@link PortalAgreementChecks}),
 * and agrees with the CPU tracer's portal walk on the same packed scene.
 */
@Timeout(300)
class GlPortalAgreementTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> BVH = SharedGl.renderer();
    @RegisterExtension
    static final SharedGl<GlRenderer> PORTALS = SharedGl.renderer(AccelStructure.PORTALS);
    private static final CpuRenderer CPU_PORTALS = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.PORTALS);

    static Stream<PortalAgreementChecks.Case> cases() throws Exception {
        return PortalAgreementChecks.cases(56, 42);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void voxelScenesAgreeWithTheBvh(PortalAgreementChecks.Case c) throws Exception {
        AccelAgreementChecks.assertAgrees(BVH.get(), PORTALS.get(), c.scene(), c.name());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void gpuPortalsAgreeWithCpuPortals(PortalAgreementChecks.Case c) throws Exception {
        Frame[] f = AccelAgreementChecks.renderBoth(CPU_PORTALS, PORTALS.get(), c.scene());
        AccelAgreementChecks.assertDepthAgrees(f[0], f[1], c.name() + " GPU vs CPU");
        String shading = AccelAgreementChecks.shadingDifference(f[0], f[1], c.name() + " GPU vs CPU");
        assertNull(shading, shading);
    }

    /** {@code --shadow-lights nearest}: the GL tracer drops the same lights as the CPU tracer (whitted.glsl's nearestLight). */
    @Test
    void nearestLightShadowsAgreeWithTheCpu() throws Exception {
        var scene = org.drtstudio.render.PortalAgreementChecks.mazeUnderTwoLights(56, 42);
        try (CpuRenderer cpu = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.PORTALS)) {
            cpu.useShadowLights(org.drtstudio.render.sampling.ShadowLights.NEAREST);
            PORTALS.get().useShadowLights(org.drtstudio.render.sampling.ShadowLights.NEAREST);
            Frame[] f = AccelAgreementChecks.renderBoth(cpu, PORTALS.get(), scene);
            String shading = AccelAgreementChecks.shadingDifference(f[0], f[1], "nearest-light shadows, GPU vs CPU");
            assertNull(shading, shading);
            PORTALS.get().useShadowLights(org.drtstudio.render.sampling.ShadowLights.ALL);
            Frame all = AccelAgreementChecks.renderBoth(cpu, PORTALS.get(), scene)[1];
            assertNotNull(AccelAgreementChecks.shadingDifference(f[1], all, "nearest against all"),
                    "the GL picture changes with the option");
        } finally {
            PORTALS.get().useShadowLights(org.drtstudio.render.sampling.ShadowLights.ALL);
        }
    }

    @Test
    void meshesAloneAreWalkedAsTheBvh() throws Exception {
        Frame[] f = AccelAgreementChecks.renderBoth(BVH.get(), PORTALS.get(), AccelAgreementChecks.instanced(48, 36));
        assertArrayEquals(f[0].radiance(), f[1].radiance(), "portals walk meshes with the box layout");
    }
}
