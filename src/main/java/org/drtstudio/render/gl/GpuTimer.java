package org.drtstudio.render.gl;

import static org.lwjgl.opengl.GL15C.*;
import static org.lwjgl.opengl.GL33C.GL_TIME_ELAPSED;
import static org.lwjgl.opengl.GL33C.glGetQueryObjectui64;

/**
 * GPU time of the GL commands between {@link #begin} and {@link #end}, from a
 * {@code GL_TIME_ELAPSED} query: the time the device spent on them, free of the CPU-side costs
 * (driver calls, {@code glFinish} round trips) that wall-clock timing would add. One query object
 * is reused; queries of the same target cannot nest, so time one span at a time.
 */
public final class GpuTimer extends GlObject {
    private boolean running;

    private GpuTimer(GlThread owner, int name) {
        super(owner, name, "GpuTimer");
    }

    /** A timer on the current GL thread. */
    public static GpuTimer create() {
        GlThread owner = GlThread.requireCurrent("GpuTimer.create");
        return new GpuTimer(owner, glGenQueries());
    }

    public void begin() {
        int q = glName();
        if (running) throw new IllegalStateException("GpuTimer.begin while already running");
        glBeginQuery(GL_TIME_ELAPSED, q);
        running = true;
    }

    public void end() {
        glName();
        if (!running) throw new IllegalStateException("GpuTimer.end without begin");
        glEndQuery(GL_TIME_ELAPSED);
        running = false;
    }

    /** Nanoseconds of the last finished span; waits for the GPU to finish it. */
    public long elapsedNanos() {
        int q = glName();
        if (running) throw new IllegalStateException("GpuTimer.elapsedNanos while running");
        return glGetQueryObjectui64(q, GL_QUERY_RESULT);
    }

    /** Times one span of GL work: begin, the work, end, and the elapsed nanoseconds. */
    public long time(Runnable work) {
        begin();
        try {
            work.run();
        } finally {
            end();
        }
        return elapsedNanos();
    }

    /**
     * Wall time of back-to-back work that precedes every timed dispatch. An idle NVIDIA GPU drops its
     * SM clock to 345 MHz (H100; 1,980 MHz under load) and raises it only under sustained load, within
     * about 60 ms; five short dispatches with a {@code glFinish} after each never raise it. Measured
     * on the H100 (docs/BENCHMARKS.md, "The measurement question, settled"): bunny_1m's primary rays
     * took 2.73 ms a dispatch at 345–390 MHz and 0.49 ms after 0.6 s of load. The driver's own
     * ray-tracing peer (vk-rt-bench) warms up for 200 ms for the same reason.
     */
    public static final double CLOCK_WARM_UP_MS = 250;

    /** A median dispatch time, whether it came from the timer queries (else the wall clock), and the warm-up before it. */
    public record Median(double millis, boolean timerQuery, WarmUp warmUp) {
    }

    /** Dispatches of the warm-up and the wall time they took. */
    public record WarmUp(int dispatches, double millis) {
    }

    /**
     * Dispatches {@code program} back to back until at least {@code minMillis} of wall time have
     * passed, so the GPU reaches its working clock before anything is timed: batches of dispatches
     * between {@code glFinish}es, the batch doubling while it takes under 20 ms (so a fast kernel
     * keeps the GPU busy without gaps, and one slow dispatch, as on llvmpipe, is enough).
     */
    public static WarmUp warmUp(ComputeProgram program, int width, int height, double minMillis) {
        GlThread.requireCurrent("GpuTimer.warmUp");
        long t0 = System.nanoTime();
        int dispatches = 0, batch = 1;
        double elapsed;
        do {
            long b0 = System.nanoTime();
            for (int i = 0; i < batch; i++) program.dispatchCovering(width, height);
            GlSync.finish();
            dispatches += batch;
            if ((System.nanoTime() - b0) / 1e6 < 20 && batch < 1 << 12) batch *= 2;
            elapsed = (System.nanoTime() - t0) / 1e6;
        } while (elapsed < minMillis);
        return new WarmUp(dispatches, elapsed);
    }

    /**
     * Dispatches {@code program} over a width × height grid {@code repeats} times, after a
     * {@linkplain #warmUp warm-up} of {@link #CLOCK_WARM_UP_MS}, and returns the median time. Each
     * run is bracketed by a timer query and by the wall clock from the dispatch to the end of a
     * {@code glFinish}; Mesa's llvmpipe answers the queries around compute work with (next to) 0,
     * and then the wall clock is the figure.
     */
    public Median medianDispatch(ComputeProgram program, int width, int height, int repeats) {
        WarmUp warm = warmUp(program, width, height, CLOCK_WARM_UP_MS);
        double[] gpu = new double[repeats], wall = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            GlSync.finish();
            long t0 = System.nanoTime();
            begin();
            program.dispatchCovering(width, height);
            end();
            GlSync.finish();
            wall[r] = (System.nanoTime() - t0) / 1e6;
            gpu[r] = elapsedNanos() / 1e6;
        }
        double g = median(gpu), w = median(wall);
        boolean timed = g > 0.01 * w;
        return new Median(timed ? g : w, timed, warm);
    }

    static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }

    @Override
    void delete(int name) {
        glDeleteQueries(name);
    }
}
