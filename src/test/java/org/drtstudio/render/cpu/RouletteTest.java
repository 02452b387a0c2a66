package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.lab.NoiseMeasurement;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.sampling.Roulette;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Russian roulette ({@link Roulette}) stops faint later bounces without moving the estimate: on the
 * default scene made glossy and deep (a rough mirror ball, a rough glass ball, a glossy floor,
 * eight bounces), the pictures with and without it agree within their noise at many samples, and
 * it does stop rays there (the two differ at the same seed).
 */
class RouletteTest {
    private static final int W = 40, H = 24, DEPTH = 8;

    @Test
    void onlyLightRaysFromLaterBouncesPlay() {
        assertFalse(Roulette.plays(0, false), "the first hit's rays are spared");
        assertTrue(Roulette.plays(1, false));
        assertFalse(Roulette.plays(3, true), "a guide chain's surface is spared");
        assertEquals(1f, Roulette.survival(Roulette.WEIGHT, Roulette.WEIGHT));
        assertEquals(0.5f, Roulette.survival(Roulette.WEIGHT / 2, Roulette.WEIGHT));
        assertEquals(1f, Roulette.survival(1e-3f, 0f), "weight 0 turns it off");
    }

    @Test
    void theRouletteEstimatesTheSameImage() throws Exception {
        Scene s = deepGlossyScene();
        double[][] off = render(s, 0f, 256, 3), on = render(s, Roulette.WEIGHT, 256, 4);
        PixelLuminance.assertSameImage(off, on);
    }

    @Test
    void itStopsRaysOnThatScene() throws Exception {
        Scene s = deepGlossyScene();
        double[] off = render(s, 0f, 4, 5)[0], on = render(s, Roulette.WEIGHT, 4, 5)[0];
        int differing = 0;
        for (int i = 0; i < off.length; i++) if (off[i] != on[i]) differing++;
        assertTrue(differing > off.length / 20, "pixels the roulette changed at the same seed: " + differing + " of " + off.length);
    }

    /** The default scene's reflective materials made rough, as in the noise measurements, traced eight bounces deep. */
    private static Scene deepGlossyScene() throws Exception {
        Scene s = NoiseMeasurement.glossy(SceneLoader.load(Path.of("scenes/default.nff")).scene());
        return s.withSettings(s.settings().withSize(W, H).withSampling(1, DEPTH, 1));
    }

    /** Per pixel, the mean of {@code spp} samples' luminance (row 0) and its estimated variance of the mean (row 1). */
    private static double[][] render(Scene scene, float rouletteWeight, int spp, long seed) {
        Scene s = scene.withSettings(scene.settings().withSampling(spp, DEPTH, seed));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX).withRouletteWeight(rouletteWeight);
        return PixelLuminance.of(image, p, integrator -> { });
    }
}
