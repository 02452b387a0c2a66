package org.drtstudio.render.adaptive;

import org.drtstudio.render.AdaptiveSampling;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/** The convergence test on hand-made accumulations (no tracer): its formula, the neighbourhood and the minimum count. */
class ConvergenceMaskTest {
    /** Sums of n samples of a grey whose luminance is {@code mean} ± {@code spread} (half each). */
    private static void pixel(float[] sums, float[] squares, float[] state, int i, int n, float mean, float spread) {
        float hi = mean + spread, lo = mean - spread;
        float s = n / 2f * (hi + lo);
        sums[3 * i] = sums[3 * i + 1] = sums[3 * i + 2] = s; // grey: luminance = value (weights sum to 1 up to rounding)
        squares[i] = n / 2f * (hi * hi + lo * lo);
        state[i] = n;
    }

    @Test
    void theDivisionFreeTestIsTheRelativeStandardError() {
        SplittableRandom random = new SplittableRandom(7);
        int decided = 0;
        for (int k = 0; k < 20000; k++) {
            int n = 2 + random.nextInt(500);
            float mean = (float) random.nextDouble(0, 2), spread = (float) random.nextDouble(0, mean + 0.01);
            float t = (float) random.nextDouble(0.001, 0.2);
            float s = n * mean, q = n / 2f * ((mean + spread) * (mean + spread) + (mean - spread) * (mean - spread));
            double meanL = (double) s / n;
            double varianceOfMean = Math.max(0, ((double) q - (double) s * s / n) / (n - 1)) / n;
            double relative = Math.sqrt(varianceOfMean) / (meanL + AdaptiveSampling.LUMINANCE_FLOOR);
            if (Math.abs(relative - t) < 1e-3 * t) continue; // within float rounding of the threshold
            assertEquals(relative <= t, ConvergenceMask.under(s, s, s, q, n, t * t),
                    "n " + n + " mean " + mean + " spread " + spread + " threshold " + t + " relative error " + relative);
            decided++;
        }
        assertTrue(decided > 19000);
    }

    @Test
    void aQuietPixelWaitsForItsNoisyNeighboursAndForTheMinimum() {
        int w = 5, h = 1;
        float[] sums = new float[3 * w], squares = new float[w], state = new float[w];
        for (int i = 0; i < w; i++) pixel(sums, squares, state, i, 32, 0.5f, 0f);
        pixel(sums, squares, state, 4, 32, 0.5f, 0.4f); // noisy: relative error 0.4 / sqrt(31) / 0.55 ≈ 0.13
        AdaptiveSampling a = new AdaptiveSampling(0.02f, 16);
        assertEquals(2, ConvergenceMask.update(w, h, sums, squares, state, a));
        assertArrayEquals(new float[]{-32, -32, -32, 32, 32}, state, "pixel 3 borders the noisy pixel 4");
        // Converged pixels stay so, whatever comes after.
        assertEquals(2, ConvergenceMask.update(w, h, sums, squares, state, a));
        assertArrayEquals(new float[]{-32, -32, -32, 32, 32}, state);

        float[] young = new float[w];
        for (int i = 0; i < w; i++) pixel(sums, squares, young, i, 8, 0.5f, 0f);
        assertEquals(w, ConvergenceMask.update(w, h, sums, squares, young, a), "below the minimum nothing stops");
        assertArrayEquals(ConvergenceMask.sampleCounts(state, w), new float[]{32, 32, 32, 32, 32});
    }

    @Test
    void blackAndConstantPixelsConverge() {
        int w = 3, h = 3;
        float[] sums = new float[3 * w * h], squares = new float[w * h], state = new float[w * h];
        for (int i = 0; i < w * h; i++) pixel(sums, squares, state, i, 16, i % 2 == 0 ? 0f : 0.3f, 0f);
        assertEquals(0, ConvergenceMask.update(w, h, sums, squares, state, AdaptiveSampling.of(0.001f)));
    }
}
