package org.drtstudio.render;

import org.apache.commons.math3.stat.inference.TTest;

import java.util.Locale;

/**
 * A statistical comparison of two renderers' expected images, in the spirit of Mitsuba 3's
 * {@code src/render/tests/test_renders.py}: each renderer renders the scene several times with
 * independent seeds; every run's image is averaged over square blocks of pixels, one number per
 * block and channel; and for every block and channel Welch's t-test asks whether the two renderers'
 * run means could have the same expectation. The runs' own spread estimates the variance, so the
 * test needs no threshold tuned to a scene's noise. With a Bonferroni correction over all blocks
 * and channels, two unbiased renderers fail with probability at most {@link #SIGNIFICANCE}; a
 * renderer whose picture is off by more than its noise fails the block where the noise is lowest.
 */
public final class RenderStatistics {
    /** The chance that two renderers with the same expectation fail the comparison (family-wise). */
    public static final double SIGNIFICANCE = 0.01;
    private static final TTest WELCH = new TTest();

    private RenderStatistics() {
    }

    /**
     * Block means of each run: [run][(block row × blocks across + block column) × 3 + channel], from
     * the frames' radiance; pixels past the last whole block are left out.
     */
    public static double[][] blockMeans(Frame[] runs, int block) {
        int bw = runs[0].width() / block, bh = runs[0].height() / block;
        double[][] means = new double[runs.length][bw * bh * 3];
        for (int r = 0; r < runs.length; r++) {
            Frame f = runs[r];
            for (int y = 0; y < bh * block; y++) {
                for (int x = 0; x < bw * block; x++) {
                    int cell = ((y / block) * bw + x / block) * 3, pixel = (y * f.width() + x) * 3;
                    for (int c = 0; c < 3; c++) means[r][cell + c] += f.radiance()[pixel + c] / (double) (block * block);
                }
            }
        }
        return means;
    }

    /** The outcome: the smallest p-value found, where, and the threshold it was held to. */
    public record Outcome(double smallestP, int cell, double meanA, double meanB, double threshold, int tested) {
        public boolean rejected() {
            return smallestP < threshold;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "block %d channel %d: means %.5f vs %.5f (%+.2f%%), p = %.2g against %.2g (%.2g / %d tests)",
                    cell / 3, cell % 3, meanA, meanB, 100 * (meanA / meanB - 1), smallestP, threshold, SIGNIFICANCE, tested);
        }
    }

    /**
     * Welch's t-test per block and channel between run means {@code a} and {@code b}. A block whose
     * runs are all the same on both sides (the background, a shadow no light reaches) has no noise to
     * test against: it must then agree to float precision, and counts as p = 1 or 0.
     */
    public static Outcome compare(double[][] a, double[][] b) {
        int cells = a[0].length;
        double smallest = 1;
        int where = 0;
        for (int j = 0; j < cells; j++) {
            double[] x = column(a, j), y = column(b, j);
            double p = pValue(x, y);
            if (p < smallest || j == 0) {
                smallest = p;
                where = j;
            }
        }
        return new Outcome(smallest, where, mean(column(a, where)), mean(column(b, where)), SIGNIFICANCE / cells, cells);
    }

    private static double pValue(double[] x, double[] y) {
        if (variance(x) == 0 && variance(y) == 0) {
            double mx = mean(x), my = mean(y);
            return Math.abs(mx - my) <= 1e-5 * Math.max(1, Math.abs(my)) ? 1 : 0;
        }
        return WELCH.tTest(x, y);
    }

    private static double[] column(double[][] runs, int j) {
        double[] c = new double[runs.length];
        for (int r = 0; r < runs.length; r++) c[r] = runs[r][j];
        return c;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v), s = 0;
        for (double x : v) s += (x - m) * (x - m);
        return s / (v.length - 1);
    }
}
