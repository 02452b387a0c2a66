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

    /** A median dispatch time, and whether it came from the timer queries (else the wall clock). */
    public record Median(double millis, boolean timerQuery) {
    }

    /**
     * Dispatches {@code program} over a width × height grid {@code repeats} times and returns the
     * median time. Each run is bracketed by a timer query and by the wall clock from the dispatch
     * to the end of a {@code glFinish}; Mesa's llvmpipe answers the queries around compute work
     * with (next to) 0, and then the wall clock is the figure.
     */
    public Median medianDispatch(ComputeProgram program, int width, int height, int repeats) {
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
        return new Median(timed ? g : w, timed);
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
