package org.drtstudio.studio.measure;

import javafx.application.Platform;

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
    private final StallSampler sampler = new StallSampler();
    /** When the oldest beat not yet run was posted, 0 when none waits: what the sampler watches. */
    private final AtomicLong oldestWaiting = new AtomicLong();
    private volatile Thread fxThread;
    private volatile boolean running;
    private Thread thread;

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
                    maxDelayNanos.accumulateAndGet(ran - posted, Math::max);
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

    /** Where the FX thread was during the longest stall since the last reset (see {@link StallSampler}). */
    public String longestStall() {
        return sampler.longestStall();
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
