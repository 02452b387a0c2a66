package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.lab.NoiseMeasurement;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.sampling.GlossySplit;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rough lobe's rays split at the camera ray's first hit ({@link GlossySplit}) estimate the same
 * image with less noise: on the default scene made glossy (a rough mirror ball, a rough glass ball,
 * a faintly glossy floor), the split and unsplit pictures agree within their noise at many samples,
 * and at 16 samples the split one is clearly closer to a reference.
 */
class GlossySplitTest {
    private static final int W = 40, H = 24;

    @Test
    void onlyWeightyBranchesAtTheFirstHitSplit() {
        assertEquals(GlossySplit.RAYS, GlossySplit.raysAt(0, 0.9f, GlossySplit.RAYS));
        assertEquals(1, GlossySplit.raysAt(1, 0.9f, GlossySplit.RAYS), "deeper hits send one ray");
        assertEquals(1, GlossySplit.raysAt(0, 0.05f, GlossySplit.RAYS), "a faint branch sends one ray");
        assertTrue(GlossySplit.RAYS > 1, "the default splits");
    }

    /** Software GL splits as its oracle, the CPU twin, does; a hardware GPU's wavefront frame does not pay for it. */
    @Test
    void theGpuSplitsOnlyOnSoftwareGl() {
        assertEquals(GlossySplit.RAYS, GlossySplit.gpuRays(true));
        assertEquals(1, GlossySplit.gpuRays(false));
    }

    @Test
    void theSplitEstimatesTheSameImage() throws Exception {
        Scene s = glossyScene();
        double[][] one = render(s, 1, 192, 3), two = render(s, 2, 192, 4);
        PixelLuminance.assertSameImage(one, two);
    }

    @Test
    void sixteenSplitSamplesAreCloserToTheReference() throws Exception {
        Scene s = glossyScene();
        double[] reference = render(s, GlossySplit.RAYS, 512, 11)[0];
        double plain = 0, split = 0;
        for (int seed = 1; seed <= 3; seed++) {
            plain += squaredError(render(s, 1, 16, seed)[0], reference);
            split += squaredError(render(s, GlossySplit.RAYS, 16, seed)[0], reference);
        }
        assertTrue(split < 0.8 * plain, "16 spp squared error: split " + split + ", not split " + plain);
    }

    private static double squaredError(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += (a[i] - b[i]) * (a[i] - b[i]);
        return sum;
    }

    /** The default scene's reflective materials made rough, as in the noise measurements. */
    private static Scene glossyScene() throws Exception {
        return NoiseMeasurement.glossy(SceneLoader.load(Path.of("scenes/default.nff")).scene());
    }

    /**
     * Per pixel, the mean of {@code spp} samples' luminance (row 0) and its estimated variance of the
     * mean (row 1), with a lobe split {@code rays} ways at the first hit.
     */
    private static double[][] render(Scene scene, int rays, int spp, long seed) {
        Scene s = scene.withSettings(scene.settings().withSize(W, H).withSampling(spp, 5, seed));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
        return PixelLuminance.of(image, p, integrator -> integrator.glossySplit = rays);
    }
}
