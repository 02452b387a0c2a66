package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.TraceParameters;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame traced sample by sample with the CPU twin's integrator, for tests that compare two
 * estimators of one image: per pixel, the mean of its samples' luminance (row 0) and the estimated
 * variance of that mean (row 1).
 */
final class PixelLuminance {
    private PixelLuminance() {
    }

    /** @param setup sets the integrator up before the first sample (a split, a roulette depth) */
    static double[][] of(GeometryImage image, TraceParameters p, Consumer<WhittedIntegrator> setup) {
        int w = p.width(), h = p.height(), spp = p.samplesPerPixel();
        WhittedIntegrator integrator = new WhittedIntegrator(image, p);
        setup.accept(integrator);
        PrimaryRays primary = new PrimaryRays(p);
        float[] c = new float[3];
        double[][] out = new double[2][w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                double sum = 0, sumSq = 0;
                for (int k = 0; k < spp; k++) {
                    primary.generate(x, y, k);
                    float[] o = primary.origin, d = primary.direction;
                    integrator.radiance(o[0], o[1], o[2], d[0], d[1], d[2], primary.time, y * w + x, k, c);
                    double lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
                    sum += lum;
                    sumSq += lum * lum;
                }
                double mean = sum / spp;
                out[0][y * w + x] = mean;
                out[1][y * w + x] = Math.max(0, sumSq / spp - mean * mean) / (spp - 1);
            }
        }
        return out;
    }

    /**
     * Asserts that two such frames estimate the same image: over the pixels whose samples vary at all
     * (those that see a rough surface, and edges), where a bias would sit, the mean difference is
     * within three standard errors. Fixed seeds give the same verdict on every run.
     */
    static void assertSameImage(double[][] a, double[][] b) {
        double diff = 0, variance = 0;
        int n = 0;
        for (int i = 0; i < a[0].length; i++) {
            if (a[1][i] + b[1][i] < 1e-12) continue;
            diff += b[0][i] - a[0][i];
            variance += a[1][i] + b[1][i];
            n++;
        }
        assertTrue(n > a[0].length / 20, "the rough surfaces' pixels: " + n + " of " + a[0].length);
        double mean = diff / n, standardError = Math.sqrt(variance) / n;
        assertTrue(Math.abs(mean) < 3 * standardError,
                "over " + n + " pixels, mean difference " + mean + " is within the noise (standard error " + standardError + ")");
    }
}
