package org.drtstudio.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * What every renderer backend must do, checked against closed forms and measured properties:
 * analytic shading, instancing, distributed effects and seeds, progressive passes, textures and
 * their AOVs, adaptive sampling. A backend (or a backend walking another acceleration structure)
 * gets the whole contract from one small subclass that says how to make its {@link Renderer};
 * the checks themselves live in {@link AnalyticShadingChecks}, {@link InstancingAgreementChecks},
 * {@link DistributedEffectsChecks}, {@link TextureChecks} and {@link AdaptiveChecks}. Scenes are
 * small (tens of pixels a side) so the GL backend runs the contract on llvmpipe in CI.
 */
public abstract class RendererContract {
    /** The backend under test: one per test class, started once and shared by its tests. */
    protected abstract Renderer renderer();

    // Analytic shading.

    @Test
    public void litSphereRadianceMatchesLambert() throws Exception { AnalyticShadingChecks.litSphereRadianceMatchesLambert(renderer()); }

    @Test
    public void shadowedPointIsDark() throws Exception { AnalyticShadingChecks.shadowedPointIsDark(renderer()); }

    @Test
    public void mirrorShowsReflectedObject() throws Exception { AnalyticShadingChecks.mirrorShowsReflectedObject(renderer()); }

    @Test
    public void glassBendsEdgeAsSnellPredicts() throws Exception { AnalyticShadingChecks.glassBendsEdgeAsSnellPredicts(renderer()); }

    // Instancing.

    @Test
    public void instancedMeshMatchesBakedMesh() throws Exception { InstancingAgreementChecks.instancedMeshMatchesBakedMesh(renderer()); }

    // Distributed effects and seeds.

    @Test
    public void depthOfFieldMatchesThinLens() throws Exception { DistributedEffectsChecks.depthOfFieldMatchesThinLens(renderer()); }

    @Test
    public void penumbraGrowsWithLightRadius() throws Exception { DistributedEffectsChecks.penumbraGrowsWithLightRadius(renderer()); }

    @Test
    public void rectangleLightPenumbra() throws Exception { DistributedEffectsChecks.rectangleLightPenumbra(renderer()); }

    @Test
    public void motionStreakMatchesDisplacement() throws Exception { DistributedEffectsChecks.motionStreakMatchesDisplacement(renderer()); }

    @Test
    public void glossyWidensWithRoughness() throws Exception { DistributedEffectsChecks.glossyWidensWithRoughness(renderer()); }

    @Test
    public void seedsAreReproducible() throws Exception { DistributedEffectsChecks.seedsAreReproducible(renderer()); }

    @Test
    public void passesAddUpToOneRender() throws Exception { ProgressiveTest.passesAddUpToOneRender(renderer()); }

    // Textures and the albedo AOV.

    @Test
    public void checkerTexelsWithRepeatAndClamp(@TempDir Path dir) throws Exception { TextureChecks.checkerTexelsAndMidpointsWithRepeatAndClamp(renderer(), dir); }

    @Test
    public void albedoAovIsTextured(@TempDir Path dir) throws Exception { TextureChecks.albedoAovIsTextured(renderer(), dir); }

    @Test
    public void bumpRampTiltsNormalByPredictedAngle(@TempDir Path dir) throws Exception { TextureChecks.bumpRampTiltsNormalByPredictedAngle(renderer(), dir); }

    @Test
    public void sphereUsesDocumentedParameterisation(@TempDir Path dir) throws Exception { TextureChecks.sphereUsesDocumentedParameterisation(renderer(), dir); }

    @Test
    public void missingTextureWarnsAndRendersUntextured(@TempDir Path dir) throws Exception { TextureChecks.missingTextureWarnsAndRendersUntextured(renderer(), dir); }

    // Adaptive sampling, and the AOVs of a frame whose pixels all converged.

    @Test
    public void samplesGoWhereTheNoiseIs() throws Exception { AdaptiveChecks.samplesGoWhereTheNoiseIs(renderer()); }

    @Test
    public void staysTheFixedCountImageWithinNoise() throws Exception { AdaptiveChecks.staysTheFixedCountImageWithinNoise(renderer()); }

    @Test
    public void convergedPixelsKeepTheirMean() throws Exception { AdaptiveChecks.convergedPixelsKeepTheirMean(renderer()); }

    @Test
    public void aFrameWhosePixelsAllConvergedStillHasItsAovs() throws Exception { AdaptiveChecks.aFrameWhosePixelsAllConvergedStillHasItsAovs(renderer()); }

    @Test
    public void sessionFinishesWhenEveryPixelConverged() throws Exception { AdaptiveChecks.sessionFinishesWhenEveryPixelConverged(renderer()); }
}
