package org.drtstudio.render.gl;

import org.drtstudio.render.AnalyticShadingChecks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The closed-form checks of the CPU reference, run on the GL tracer (llvmpipe in CI). */
@Timeout(120)
class GlAnalyticShadingTest {
    private static GlRenderer gpu;

    @BeforeAll
    static void start() throws Exception {
        gpu = GlRenderer.start();
    }

    @AfterAll
    static void stop() {
        if (gpu != null) gpu.close();
    }

    @Test
    void litSphere() throws Exception { AnalyticShadingChecks.litSphereRadianceMatchesLambert(gpu); }

    @Test
    void shadow() throws Exception { AnalyticShadingChecks.shadowedPointIsDark(gpu); }

    @Test
    void mirror() throws Exception { AnalyticShadingChecks.mirrorShowsReflectedObject(gpu); }

    @Test
    void glass() throws Exception { AnalyticShadingChecks.glassBendsEdgeAsSnellPredicts(gpu); }

    @Test
    void instancedMeshMatchesBakedMesh() throws Exception { org.drtstudio.render.InstancingAgreementChecks.instancedMeshMatchesBakedMesh(gpu); }

    @Test
    void depthOfField() throws Exception { org.drtstudio.render.DistributedEffectsChecks.depthOfFieldMatchesThinLens(gpu); }

    @Test
    void penumbra() throws Exception { org.drtstudio.render.DistributedEffectsChecks.penumbraGrowsWithLightRadius(gpu); }

    @Test
    void motionBlur() throws Exception { org.drtstudio.render.DistributedEffectsChecks.motionStreakMatchesDisplacement(gpu); }

    @Test
    void seeds() throws Exception { org.drtstudio.render.DistributedEffectsChecks.seedsAreReproducible(gpu); }

    @Test
    void convergence() throws Exception {
        org.drtstudio.render.DistributedEffectsChecks.convergesToReferenceAndNoiseFallsAtLeastAsInverseSqrt(gpu,
                new org.drtstudio.render.cpu.CpuRenderer());
    }

    @Test
    void glossy() throws Exception { org.drtstudio.render.DistributedEffectsChecks.glossyWidensWithRoughness(gpu); }

    @Test
    void passesAddUp() throws Exception { org.drtstudio.render.ProgressiveTest.passesAddUpToOneRender(gpu); }

    @Test
    void rectangleLight() throws Exception { org.drtstudio.render.DistributedEffectsChecks.rectangleLightPenumbra(gpu); }
}
