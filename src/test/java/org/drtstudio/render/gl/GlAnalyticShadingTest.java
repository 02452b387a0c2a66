package org.drtstudio.render.gl;

import org.drtstudio.render.AnalyticShadingChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/** The closed-form checks of the CPU reference, run on the GL tracer (llvmpipe in CI). */
@Timeout(120)
class GlAnalyticShadingTest {
    @RegisterExtension
    static final SharedGlRenderer GL = new SharedGlRenderer();

    @Test
    void litSphere() throws Exception { AnalyticShadingChecks.litSphereRadianceMatchesLambert(GL.renderer()); }

    @Test
    void shadow() throws Exception { AnalyticShadingChecks.shadowedPointIsDark(GL.renderer()); }

    @Test
    void mirror() throws Exception { AnalyticShadingChecks.mirrorShowsReflectedObject(GL.renderer()); }

    @Test
    void glass() throws Exception { AnalyticShadingChecks.glassBendsEdgeAsSnellPredicts(GL.renderer()); }

    @Test
    void instancedMeshMatchesBakedMesh() throws Exception { org.drtstudio.render.InstancingAgreementChecks.instancedMeshMatchesBakedMesh(GL.renderer()); }

    @Test
    void depthOfField() throws Exception { org.drtstudio.render.DistributedEffectsChecks.depthOfFieldMatchesThinLens(GL.renderer()); }

    @Test
    void penumbra() throws Exception { org.drtstudio.render.DistributedEffectsChecks.penumbraGrowsWithLightRadius(GL.renderer()); }

    @Test
    void motionBlur() throws Exception { org.drtstudio.render.DistributedEffectsChecks.motionStreakMatchesDisplacement(GL.renderer()); }

    @Test
    void seeds() throws Exception { org.drtstudio.render.DistributedEffectsChecks.seedsAreReproducible(GL.renderer()); }

    @Test
    void convergence() throws Exception {
        org.drtstudio.render.DistributedEffectsChecks.convergesToReferenceAndNoiseFallsAtLeastAsInverseSqrt(GL.renderer(),
                new org.drtstudio.render.cpu.CpuRenderer());
    }

    @Test
    void glossy() throws Exception { org.drtstudio.render.DistributedEffectsChecks.glossyWidensWithRoughness(GL.renderer()); }

    @Test
    void passesAddUp() throws Exception { org.drtstudio.render.ProgressiveTest.passesAddUpToOneRender(GL.renderer()); }

    @Test
    void rectangleLight() throws Exception { org.drtstudio.render.DistributedEffectsChecks.rectangleLightPenumbra(GL.renderer()); }
}
