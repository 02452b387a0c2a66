package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What every renderer backend must do, checked against closed forms and measured properties:
 * analytic shading and absorption, instancing, distributed effects and seeds, progressive passes,
 * windows of a frame, summed guides, the denoised radiance, frames that stay the caller's, textures and their AOVs, adaptive sampling. A backend (or a backend walking another acceleration structure)
 * gets the whole contract from one small subclass that says how to make its {@link Renderer};
 * the checks themselves live in {@link AnalyticShadingChecks}, {@link InstancingAgreementChecks},
 * {@link DistributedEffectsChecks}, {@link GroundPlaneChecks}, {@link TextureChecks}, {@link AdaptiveChecks}, {@link AbsorptionChecks}, {@link WindowTiles},
 * {@link GuideSumChecks}, {@link DenoisedFrameChecks} and {@link ReturnedFrameChecks}. Scenes are
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

    // The DRT paper's analytic ground plane, tested outside the tree.

    @Test
    public void groundPlaneDepthAndLightAreAnalyticToTheHorizon() throws Exception { GroundPlaneChecks.depthAndLightAreAnalyticToTheHorizon(renderer()); }

    @Test
    public void groundPlaneShadowsALightBelowIt() throws Exception { GroundPlaneChecks.theGroundShadowsWhatLiesAboveFromALightBelow(renderer()); }

    @Test
    public void groundPlaneIsTheBigTwoTriangleFloorsPicture() throws Exception { GroundPlaneChecks.theGroundIsTheBigTwoTriangleFloorsPicture(renderer()); }

    @Test
    public void mirrorShowsReflectedObject() throws Exception { AnalyticShadingChecks.mirrorShowsReflectedObject(renderer()); }

    @Test
    public void glassBendsEdgeAsSnellPredicts() throws Exception { AnalyticShadingChecks.glassBendsEdgeAsSnellPredicts(renderer()); }

    @Test
    public void slabTransmissionIsBeer() throws Exception { AbsorptionChecks.slabTransmissionIsBeer(renderer()); }

    @Test
    public void floorUnderAUniformSkyIsAWhiteFurnace() throws Exception { EnvironmentChecks.floorUnderAUniformSkyIsAWhiteFurnace(renderer()); }

    @Test
    public void escapingRaysSeeTheTurnedMap() throws Exception { EnvironmentChecks.escapingRaysSeeTheTurnedMapTimesItsStrength(renderer()); }

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

    // Windows of the frame (a render farm's tiles) and the guides summed in the trace passes.

    @Test
    public void unevenTilesWithEveryAovMakeTheWholeFrame() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        // Depth of field and 4 samples: every pixel's lens and position samples come from its seeds.
        TraceParameters p = GuideScenes.parameters(s, image, 4, 0.2f);
        WindowTiles.assertTilesMakeTheWhole(renderer(), image, p, EnumSet.of(Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO, Aov.RADIANCE,
                Aov.VARIANCE, Aov.SAMPLES), new int[]{5, 31}, new int[]{9});
    }

    @Test
    public void aWindowOutsideTheFrameIsRefused() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 1, 0f);
        assertThrows(IllegalArgumentException.class, () -> renderer().renderWindow(image, p,
                new PixelWindow(40, 0, GuideScenes.WIDTH - 39, 4), EnumSet.noneOf(Aov.class), ProgressListener.NONE));
    }

    @Test
    public void summedAndToppedUpGuidesAreTheGuidePassOnes() throws Exception { GuideSumChecks.summedAndToppedUpGuidesAreTheGuidePassOnes(renderer()); }

    @Test
    public void guidesAverageEverySampleOfTheRender() throws Exception { GuideSumChecks.guidesAverageEverySampleOfTheRender(renderer()); }

    // The denoised radiance, filtered where it was traced.

    @Test
    public void denoisedIsTheDenoiserOnTheTracedInputs() throws Exception { DenoisedFrameChecks.denoisedIsTheDenoiserOnTheTracedInputs(renderer()); }

    @Test
    public void aDenoisedWindowIsRefused() throws Exception { DenoisedFrameChecks.aDenoisedWindowIsRefused(renderer()); }

    // A returned frame is the caller's (a sequence writes it while the next is traced).

    @Test
    public void laterRendersLeaveAReturnedFrameAlone() throws Exception { ReturnedFrameChecks.laterRendersLeaveAReturnedFrameAlone(renderer()); }

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
