package org.drtstudio.render.gl;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides when timings taken under sustained load have settled: none in the last {@code window}
 * milliseconds was more than {@link #TOLERANCE} slower than the latest, and the series spans the
 * whole window. An idle NVIDIA GPU raises its clock in steps under load and may hold an
 * intermediate step for a while (H100: bunny's primary dispatch at 0.98 ms for several batches on
 * its way from 1.67 ms to 0.29 ms), so two equal batches in a row do not prove the clock has
 * risen; a window of flat timings as long as the warm-up itself does (docs/BENCHMARKS.md, "The
 * first timing and the upload").
 */
public final class SettledTimings {
    /** How much slower than the latest timing one in the window may be. */
    public static final double TOLERANCE = 0.03;
    private final double window;
    /** {time the timing was taken (ms from any fixed start), the timing}, oldest first. */
    private final List<double[]> series = new ArrayList<>();

    /** @param window milliseconds of flat timings that count as settled */
    public SettledTimings(double window) {
        if (!(window > 0)) throw new IllegalArgumentException("window must be > 0 ms, got " + window);
        this.window = window;
    }

    /** Adds a timing taken at {@code atMillis} (not before the last one added). */
    public void add(double atMillis, double timing) {
        if (!series.isEmpty() && atMillis < series.get(series.size() - 1)[0]) {
            throw new IllegalArgumentException("timings must come in order: " + atMillis + " after " + series.get(series.size() - 1)[0]);
        }
        series.add(new double[]{atMillis, timing});
    }

    /** Whether the timings of the last window were flat: none more than TOLERANCE above the latest. */
    public boolean settled() {
        if (series.size() < 2) return false;
        double now = series.get(series.size() - 1)[0], latest = series.get(series.size() - 1)[1];
        if (now - series.get(0)[0] < window) return false;
        for (int i = series.size() - 2; i >= 0 && series.get(i)[0] >= now - window; i--) {
            if (series.get(i)[1] > (1 + TOLERANCE) * latest) return false;
        }
        return true;
    }
}
