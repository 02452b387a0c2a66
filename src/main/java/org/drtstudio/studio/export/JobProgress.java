package org.drtstudio.studio.export;

import java.util.Locale;

/**
 * A long job's progress as the status bar says it: the share done and the time left, estimated
 * from the rate so far ("42 % · 3 min 10 s left"). A 10-minute still used to show only a bar
 * ~30 px wide (issue 39, item 8). The clock is passed in, so the estimate is tested without waiting.
 */
public final class JobProgress {
    /** Before this share is done, or this long into the job, the rate says little: no time left is given yet. */
    static final double MIN_FRACTION = 0.01;
    static final long MIN_NANOS = 2_000_000_000L;
    private final long startNanos;

    public JobProgress(long startNanos) {
        this.startNanos = startNanos;
    }

    /**
     * "42 % · 3 min 10 s left"; the share alone while the estimate is not yet worth showing; for an
     * unknown share (before the first pass of an export ends) the time so far, "12 s so far".
     */
    public String describe(double fraction, long nowNanos) {
        if (!(fraction >= 0)) return nowNanos - startNanos >= 1_000_000_000L ? duration((nowNanos - startNanos) / 1e9) + " so far" : "";
        double f = Math.min(1, fraction);
        String percent = String.format(Locale.ROOT, "%.0f %%", Math.floor(100 * f));
        long elapsed = nowNanos - startNanos;
        if (f < MIN_FRACTION || elapsed < MIN_NANOS || f >= 1) return percent;
        double left = elapsed / 1e9 * (1 - f) / f;
        return percent + " · " + duration(left) + " left";
    }

    /** Seconds as "45 s", "3 min 10 s" or "1 h 05 min". */
    static String duration(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        if (s < 60) return s + " s";
        if (s < 3600) return (s / 60) + " min " + (s % 60) + " s";
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
