package org.drtstudio.render.cpu;

import org.drtstudio.render.AnalyticShadingChecks;
import org.junit.jupiter.api.Test;

class CpuAnalyticShadingTest {
    private final CpuRenderer cpu = new CpuRenderer(2);

    @Test
    void litSphere() throws Exception { AnalyticShadingChecks.litSphereRadianceMatchesLambert(cpu); }

    @Test
    void shadow() throws Exception { AnalyticShadingChecks.shadowedPointIsDark(cpu); }

    @Test
    void mirror() throws Exception { AnalyticShadingChecks.mirrorShowsReflectedObject(cpu); }

    @Test
    void glass() throws Exception { AnalyticShadingChecks.glassBendsEdgeAsSnellPredicts(cpu); }

    @Test
    void instancedMeshMatchesBakedMesh() throws Exception { org.drtstudio.render.InstancingAgreementChecks.instancedMeshMatchesBakedMesh(cpu); }

    @Test
    void depthOfField() throws Exception { org.drtstudio.render.DistributedEffectsChecks.depthOfFieldMatchesThinLens(cpu); }

    @Test
    void penumbra() throws Exception { org.drtstudio.render.DistributedEffectsChecks.penumbraGrowsWithLightRadius(cpu); }

    @Test
    void motionBlur() throws Exception { org.drtstudio.render.DistributedEffectsChecks.motionStreakMatchesDisplacement(cpu); }

    @Test
    void seeds() throws Exception { org.drtstudio.render.DistributedEffectsChecks.seedsAreReproducible(cpu); }

    @Test
    void glossy() throws Exception { org.drtstudio.render.DistributedEffectsChecks.glossyWidensWithRoughness(cpu); }

    @Test
    void rectangleLight() throws Exception { org.drtstudio.render.DistributedEffectsChecks.rectangleLightPenumbra(cpu); }
}
