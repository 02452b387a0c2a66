package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The denoiser's split ({@link DiffuseSplit}) as the CPU tracer sums it: on a floor of two colours
 * with no highlight or reflection every sample's light is diffuse, a highlight goes to the other
 * part, and filtering the two parts apart beats filtering the radiance as one on the floor's edge.
 */
class DiffuseSplitTest {
    private static Frame render(Scene s, int spp, float aperture) throws Exception {
        return render(s, spp, aperture, 7);
    }

    private static Frame render(Scene s, int spp, float aperture, int seed) throws Exception {
        GeometryImage image = GuideScenes.pack(s);
        var settings = s.settings().withSize(GuideScenes.WIDTH, GuideScenes.HEIGHT).withSampling(spp, s.settings().maxDepth(), seed);
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            return cpu.render(image, TraceParameters.of(s.camera().withLens(aperture, 1f), settings, image),
                    DenoiseInput.NEEDED, ProgressListener.NONE);
        }
    }

    /** The two-colour floor with every material given a white highlight (specular 0.5, exponent 20). */
    private static Scene shiny(Scene s) {
        List<Material> ms = new ArrayList<>();
        for (Material m : s.materials()) {
            ms.add(m.toBuilder().specular(new org.drtstudio.math.Vec3(0.5f, 0.5f, 0.5f)).phongExponent(20).build());
        }
        return new Scene(s.name(), s.root(), ms, s.lights(), s.camera(), s.settings());
    }

    @Test
    void aDiffuseOnlySceneIsAllDiffuse() throws Exception {
        Frame f = render(GuideScenes.twoColourFloor(), 4, 0f);
        DiffuseSplit split = f.split();
        assertNotNull(split, "a render with the guides sums the split");
        // The lower half of the picture is all floor and ball (the upper shows some background, which is not diffuse light).
        double radiance = 0;
        int from = GuideScenes.WIDTH * GuideScenes.HEIGHT / 2;
        for (int i = 3 * from; i < f.radiance().length; i++) {
            radiance += f.radiance()[i];
            assertEquals(f.radiance()[i], split.diffuse()[i], 1e-5f * Math.max(1f, f.radiance()[i]), "pixel value " + i);
        }
        assertTrue(radiance / (f.radiance().length - 3 * from) > 0.05, "the picture is lit");
        for (int i = from; i < split.otherVariance().length; i++) assertEquals(0f, split.otherVariance()[i], 1e-9f);
        // The own samples' albedo is the guide's where the guide has no more samples than the radiance.
        Frame one = render(GuideScenes.twoColourFloor(), 1, 0f);
        for (int i = 0; i < one.albedo().length; i++) assertEquals(one.albedo()[i], one.split().ownAlbedo()[i], 1e-6f);
    }

    @Test
    void highlightsGoToTheOtherPart() throws Exception {
        Frame plain = render(GuideScenes.twoColourFloor(), 4, 0f), lit = render(shiny(GuideScenes.twoColourFloor()), 4, 0f);
        double other = 0, diffuseChange = 0, plainOther = 0;
        // Over the lower half, which shows no background (the upper half's other part).
        for (int i = 3 * GuideScenes.WIDTH * GuideScenes.HEIGHT / 2; i < lit.radiance().length; i++) {
            other += lit.radiance()[i] - lit.split().diffuse()[i];
            plainOther += Math.abs(plain.radiance()[i] - plain.split().diffuse()[i]);
            diffuseChange += Math.abs(lit.split().diffuse()[i] - plain.split().diffuse()[i]);
        }
        assertEquals(0, plainOther, 1e-3, "without highlights nothing is left over");
        assertTrue(other > 1, "the highlight is in the other part: " + other);
        assertEquals(0, diffuseChange, 1e-3, "the diffuse part is the plain floor's");
    }

    @Test
    void theSplitFiltersTheFloorsEdgeBetterThanTheWholeRadiance() throws Exception {
        Scene s = shiny(GuideScenes.twoColourFloor());
        float[] reference = render(s, 256, 0.4f).radiance();
        double whole = 0, split = 0;
        for (int seed = 0; seed < 2; seed++) {
            Frame f = render(s, 4, 0.4f, 11 + seed);
            DenoiseInput in = DenoiseInput.of(f);
            DenoiseInput unsplit = new DenoiseInput(in.width(), in.height(), in.radiance(), in.variance(), in.normals(),
                    in.albedo(), in.depth());
            assertNull(unsplit.split());
            whole += rmse(new NlmDenoiser().denoise(unsplit), reference);
            split += rmse(new NlmDenoiser().denoise(in), reference);
        }
        assertTrue(split < 0.85 * whole, "RMSE split " + split / 2 + " against whole " + whole / 2);
    }

    private static double rmse(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += (a[i] - b[i]) * (a[i] - b[i]);
        return Math.sqrt(sum / a.length);
    }
}
