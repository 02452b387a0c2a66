package org.drtstudio.studio.measure;

import javafx.application.Platform;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures how long the FX thread stays busy: a background thread posts a tiny task every 5 ms
 * and records how late it runs. The largest delay bounds the longest time the FX thread was
 * blocked (plus up to one posting interval). Used by the responsiveness probe and the UI tests.
 */
public final class FxHeartbeat {
    private static final long PERIOD_NANOS = 5_000_000L;
    private final AtomicLong maxDelayNanos = new AtomicLong();
    private final AtomicLong beats = new AtomicLong();
    private final StallSampler sampler;
    /** When the oldest beat not yet run was posted, 0 when none waits: what the sampler watches. */
    private final AtomicLong oldestWaiting = new AtomicLong();
    private volatile Thread fxThread;
    /** When the most overdue beat since the last reset ran ({@link System#nanoTime}); written on the FX thread only. */
    private volatile long longestRanAt;
    private volatile boolean running;
    private Thread thread;

    /** Set to true ({@code -Ddrt.measureStacks=true}) to sample the FX thread's stack in stalls as well. */
    public static final String STACKS_PROPERTY = "drt.measureStacks";

    /** A heartbeat that reads the FX thread's kernel times in stalls, and its stack only where {@link #STACKS_PROPERTY} asks. */
    public FxHeartbeat() {
        this(Boolean.getBoolean(STACKS_PROPERTY));
    }

    /** @param stacks also sample the FX thread's stack in stalls; each sample pauses the JVM, so stalls read longer */
    public FxHeartbeat(boolean stacks) {
        sampler = new StallSampler(stacks);
    }

    public void start() {
        running = true;
        thread = new Thread(() -> {
            while (running) {
                long waiting = oldestWaiting.get(), sampled = System.nanoTime();
                sampler.tick(fxThread, waiting == 0 ? 0 : sampled - waiting, sampled);
                // Posted after the sampler's tick: a stack sample waits for the FX thread to reach a
                // safepoint, which must not count as lateness of this beat.
                long posted = System.nanoTime();
                oldestWaiting.compareAndSet(0, posted);
                Platform.runLater(() -> {
                    long ran = System.nanoTime();
                    if (fxThread == null) sampler.onFxThread();
                    fxThread = Thread.currentThread();
                    oldestWaiting.compareAndSet(posted, 0);
                    if (maxDelayNanos.accumulateAndGet(ran - posted, Math::max) == ran - posted) longestRanAt = ran;
                    beats.incrementAndGet();
                });
                try {
                    Thread.sleep(PERIOD_NANOS / 1_000_000L);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "drt-fx-heartbeat");
        thread.setDaemon(true);
        thread.start();
    }

    /** The largest delay since the last reset, in milliseconds. */
    public double maxDelayMillis() {
        return maxDelayNanos.get() / 1e6;
    }

    long beats() {
        return beats.get();
    }

    public void reset() {
        maxDelayNanos.set(0);
        maxHandlerNanos.set(0);
        sampler.reset();
    }

    /**
     * Where the FX thread was during the longest stall since the last reset (see {@link StallSampler}),
     * and when the most overdue beat ran, in seconds of the JVM's uptime (what {@code -Xlog:safepoint::uptime}
     * stamps). A beat late by more than the sampler's threshold that the sampler never saw overdue
     * means this thread did not run either: the whole JVM was held (a safepoint) or no core was free.
     */
    public String longestStall() {
        if (longestRanAt == 0) return sampler.longestStall();
        long lateNanos = maxDelayNanos.get(), sinceNanos = System.nanoTime() - longestRanAt;
        double uptime = (ManagementFactory.getRuntimeMXBean().getUptime() - sinceNanos / 1e6) / 1e3;
        return String.format("%s; the most overdue beat (%.0f ms) ran at %.2f s of uptime", sampler.longestStall(), lateNanos / 1e6, uptime);
    }

    private final AtomicLong maxHandlerNanos = new AtomicLong();

    /** Records how long one of the studio's own FX-thread handlers ran (to tell its cost from other stalls). */
    public void handlerRan(long nanos) {
        maxHandlerNanos.accumulateAndGet(nanos, Math::max);
    }

    /** The longest studio handler since the last reset, in milliseconds. */
    public double maxHandlerMillis() {
        return maxHandlerNanos.get() / 1e6;
    }

    public void stop() {
        running = false;
        if (thread != null) thread.interrupt();
    }
}
