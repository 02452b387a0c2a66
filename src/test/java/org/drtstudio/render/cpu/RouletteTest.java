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
        // Over the pixels whose samples vary at all, where a bias would sit; fixed seeds, so the verdict
        // is the same on every run.
        double diff = 0, variance = 0;
        int n = 0;
        for (int i = 0; i < off[0].length; i++) {
            if (off[1][i] + on[1][i] < 1e-12) continue;
            diff += on[0][i] - off[0][i];
            variance += off[1][i] + on[1][i];
            n++;
        }
        assertTrue(n > off[0].length / 20, "the rough surfaces' pixels: " + n + " of " + off[0].length);
        double mean = diff / n, standardError = Math.sqrt(variance) / n;
        assertTrue(Math.abs(mean) < 3 * standardError,
                "over " + n + " pixels, mean difference " + mean + " is within the noise (standard error " + standardError + ")");
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
        WhittedIntegrator integrator = new WhittedIntegrator(image, p);
        PrimaryRays primary = new PrimaryRays(p);
        float[] c = new float[3];
        double[][] out = new double[2][W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                double sum = 0, sumSq = 0;
                for (int k = 0; k < spp; k++) {
                    primary.generate(x, y, k);
                    float[] o = primary.origin, d = primary.direction;
                    integrator.radiance(o[0], o[1], o[2], d[0], d[1], d[2], primary.time, y * W + x, k, c);
                    double lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
                    sum += lum;
                    sumSq += lum * lum;
                }
                double mean = sum / spp;
                out[0][y * W + x] = mean;
                out[1][y * W + x] = Math.max(0, sumSq / spp - mean * mean) / (spp - 1);
            }
        }
        return out;
    }
}
