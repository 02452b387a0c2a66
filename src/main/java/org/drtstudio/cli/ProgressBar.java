package org.drtstudio.cli;

import org.drtstudio.render.ProgressListener;

import java.io.PrintStream;

/**
 * A one-line progress bar on stderr, with the time left, that only appears once a render has taken more than a second
 * (short renders stay quiet) and redraws at most ten times a second. Where stderr is no terminal
 * (a render farm task's log, a pipe) it writes a line every ten seconds instead, so an hour's
 * render leaves a few hundred lines in a log, not tens of thousands of redraws.
 */
final class ProgressBar implements ProgressListener {
    private static final long QUIET_NANOS = 1_000_000_000L;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final long LOG_LINE_NANOS = 10_000_000_000L;
    private final boolean terminal = System.console() != null;
    private final PrintStream out;
    private final String label;
    private final long start = System.nanoTime();
    private long lastDraw;
    private boolean drawn, finished;
    /** The bar as last drawn on a terminal, drawn again beneath a line said above it. */
    private String shown = "";

    ProgressBar(PrintStream out, String label) {
        this.out = out;
        this.label = label;
    }

    @Override
    public synchronized void progress(double fraction) {
        long now = System.nanoTime();
        if (now - start < QUIET_NANOS || (now - lastDraw < (terminal ? REDRAW_NANOS : LOG_LINE_NANOS) && fraction < 1)) return;
        lastDraw = now;
        drawn = true;
        int width = 30, filled = (int) Math.round(Math.min(1, Math.max(0, fraction)) * width);
        double elapsed = (now - start) / 1e9;
        String bar = label + " [" + "#".repeat(filled) + "-".repeat(width - filled) + "] "
                + String.format("%3.0f%% %.1fs", fraction * 100, elapsed) + remaining(fraction, elapsed);
        out.print(terminal ? "\r" + bar : bar + "\n");
        out.flush();
        shown = bar;
    }

    /**
     * Says something (a frame written behind this one's trace) above the bar: on a terminal the bar is wiped, the
     * lines said, and the bar drawn again beneath them, so neither cuts into the other.
     */
    synchronized void above(Runnable say) {
        boolean wipe = terminal && drawn && !finished;
        if (wipe) {
            out.print("\r" + " ".repeat(shown.length()) + "\r");
            out.flush();
        }
        say.run();
        if (wipe) {
            out.print(shown);
            out.flush();
        }
    }

    /**
     * ", about 1m 20s left": the time so far scaled by what is left, once a twentieth is done (the
     * first passes, building and warming up, say little of the rest); nothing when finished.
     */
    static String remaining(double fraction, double elapsedSeconds) {
        if (!(fraction >= 0.05) || fraction >= 1) return "";
        long left = Math.round(elapsedSeconds * (1 - fraction) / fraction);
        String words = left >= 3600 ? String.format("%dh %02dm", left / 3600, left % 3600 / 60)
                : left >= 60 ? String.format("%dm %02ds", left / 60, left % 60) : left + "s";
        return ", about " + words + " left";
    }

    synchronized void finish() {
        finished = true;
        if (drawn && terminal) out.println();
    }
}
