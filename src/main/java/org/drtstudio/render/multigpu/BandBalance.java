package org.drtstudio.render.multigpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.drtstudio.render.PixelWindow;

/**
 * One band of whole rows per GPU, sized so the GPUs finish together: each pass's measured times
 * move the band edges for the next pass of the same frame size (the rows of a slow band are
 * dearer than the rest, so it shrinks). The first pass splits the rows evenly. Frames of an
 * animation or a benchmark's repeats cost nearly the same, so they balance after a frame or two;
 * only the first frame of a size pays for halves of unequal cost. A lone pass far slower than the
 * one before of as many samples ({@link #SPIKE}) moves nothing: on two H200s a pass in ten to twenty took 100-145 ms
 * instead of 40-45 on both GPUs at once, unevenly (97 and 140 ms of GPU time), and learning from it
 * left the bands unbalanced for several frames; a second slow pass in a row is a new cost, and counts.
 */
public final class BandBalance {
    /** How far a pass's measurement moves the edges (1: all the way to its estimate; less damps noise). */
    static final double STEP = 0.7;
    /** A pass whose slowest device took more than this times the last counted pass's is a spike. */
    static final double SPIKE = 1.5;

    private final int devices;
    private int width, height;
    /** Rows of each device's band, top to bottom; they add up to {@link #height}. */
    private int[] rows;
    /** The slowest device's time in the last pass that counted (0: none yet), its samples, and whether the pass after it was a spike. */
    private double lastSlowest;
    private int lastSamples;
    private boolean spikeBefore;

    public BandBalance(int devices) {
        if (devices < 1) throw new IllegalArgumentException("at least one device, got " + devices);
        this.devices = devices;
    }

    /** The bands of a {@code width} × {@code height} frame, device i's at index i (even when the size is new). */
    public List<PixelWindow> bands(int width, int height) {
        if (width != this.width || height != this.height || rows == null) {
            this.width = width;
            this.height = height;
            rows = new int[devices];
            lastSlowest = 0;
            spikeBefore = false;
            for (int i = 0; i < devices; i++) rows[i] = (int) ((long) height * (i + 1) / devices - (long) height * i / devices);
        }
        List<PixelWindow> bands = new ArrayList<>();
        int y = 0;
        for (int r : rows) {
            if (r > 0) bands.add(new PixelWindow(0, y, width, r));
            else bands.add(null);
            y += r;
        }
        return bands;
    }

    /**
     * The time each device took for its band of the last pass, of {@code samples} samples a pixel: the
     * next pass gives each device rows in proportion to the rows it traced per millisecond, moved
     * {@link #STEP} of the way there; a lone {@link #SPIKE} moves nothing.
     */
    public void measured(double[] millis, int samples) {
        if (rows == null || millis.length != devices) return;
        double[] rate = new double[devices];
        double total = 0, slowest = 0;
        for (int i = 0; i < devices; i++) {
            if (!(millis[i] > 0) || !Double.isFinite(millis[i])) return; // nothing to learn from
            rate[i] = Math.max(rows[i], 1) / millis[i];
            total += rate[i];
            slowest = Math.max(slowest, millis[i]);
        }
        boolean spike = lastSlowest > 0 && samples == lastSamples && slowest > SPIKE * lastSlowest && !spikeBefore;
        spikeBefore = spike;
        if (spike) return;
        lastSlowest = slowest;
        lastSamples = samples;
        double[] wanted = new double[devices];
        for (int i = 0; i < devices; i++) wanted[i] = rows[i] + STEP * (height * rate[i] / total - rows[i]);
        // Whole rows that add up to the height, each device keeping at least one row.
        int[] next = new int[devices];
        double edge = 0;
        int given = 0;
        for (int i = 0; i < devices; i++) {
            edge += wanted[i];
            int end = i == devices - 1 ? height : (int) Math.round(edge);
            end = Math.max(end, given + 1);
            end = Math.min(end, height - (devices - 1 - i));
            next[i] = end - given;
            given = end;
        }
        rows = next;
    }

    /** The rows of each device's band (for reports and tests). */
    public int[] rows() {
        return rows == null ? new int[0] : rows.clone();
    }

    @Override
    public String toString() {
        return Arrays.toString(rows);
    }
}
