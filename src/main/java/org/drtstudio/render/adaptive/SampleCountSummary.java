package org.drtstudio.render.adaptive;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a frame's samples went ({@link Aov#SAMPLES}): per-pixel mean, minimum and maximum, the share of
 * pixels that stopped at each count, and the mean over a coarse grid of regions — what
 * {@code drt render --noise-threshold} prints.
 *
 * @param mean     samples per pixel, averaged
 * @param stopped  sample count → share of pixels (0..1) that took exactly that many, ascending
 * @param grid     mean samples per pixel of each region, {@code grid[row][column]}, top row first
 */
public record SampleCountSummary(double mean, int min, int max, long total, Map<Integer, Double> stopped, double[][] grid) {
    /** Regions per side of the grid (fewer where the image has fewer pixels). */
    public static final int GRID = 4;

    public static SampleCountSummary of(float[] counts, int width, int height) {
        int n = width * height;
        if (counts.length != n || n == 0) throw new IllegalArgumentException("sample counts do not match " + width + "x" + height);
        long total = 0;
        int min = Integer.MAX_VALUE, max = 0;
        TreeMap<Integer, Long> histogram = new TreeMap<>();
        int cols = Math.min(GRID, width), rows = Math.min(GRID, height);
        double[][] grid = new double[rows][cols];
        long[][] cells = new long[rows][cols];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int c = (int) counts[y * width + x];
                total += c;
                min = Math.min(min, c);
                max = Math.max(max, c);
                histogram.merge(c, 1L, Long::sum);
                int gy = y * rows / height, gx = x * cols / width;
                grid[gy][gx] += c;
                cells[gy][gx]++;
            }
        }
        for (int r = 0; r < rows; r++) for (int c = 0; c < cols; c++) grid[r][c] /= Math.max(1, cells[r][c]);
        Map<Integer, Double> stopped = new TreeMap<>();
        histogram.forEach((count, pixels) -> stopped.put(count, pixels / (double) n));
        return new SampleCountSummary(total / (double) n, min, max, total, stopped, grid);
    }

    /**
     * The report, a few lines: totals against a fixed {@code maxSamples} per pixel, the share
     * stopped at each count (the share at {@code maxSamples} did not converge) and the grid.
     */
    public List<String> lines(int maxSamples) {
        List<String> out = new ArrayList<>();
        double fixed = (double) maxSamples * (total / mean);
        out.add(String.format(Locale.ROOT, "samples per pixel: mean %.1f, min %d, max %d (%,d samples, %.0f%% of %d spp everywhere)",
                mean, min, max, total, 100 * total / fixed, maxSamples));
        StringBuilder shares = new StringBuilder("pixels stopped at:");
        stopped.forEach((count, share) -> shares.append(String.format(Locale.ROOT, " %d spp %.1f%%%s,", count, 100 * share,
                count == maxSamples ? " (not converged)" : "")));
        shares.setLength(shares.length() - 1);
        out.add(shares.toString());
        out.add("mean spp by region (" + grid[0].length + "x" + grid.length + ", top row first):");
        for (double[] row : grid) {
            StringBuilder line = new StringBuilder(" ");
            for (double v : row) line.append(String.format(Locale.ROOT, " %7.1f", v));
            out.add(line.toString());
        }
        return out;
    }
}
