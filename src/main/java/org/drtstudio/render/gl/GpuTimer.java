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

    @Override
    void delete(int name) {
        glDeleteQueries(name);
    }
}
