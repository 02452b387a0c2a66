package org.drtstudio.studio.preview;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the preview's render loop has done, for the status bar, the import's timing line and the
 * tests: passes traced, geometry images packed, the newest image's {@link PreviewRenderer.PackTimings}
 * and the last refinement of coarse hierarchies. Written by the render loop, read from any thread.
 */
final class LoopCounters {
    private final AtomicLong passes = new AtomicLong();
    private final AtomicLong packs = new AtomicLong();
    /** The timings of the newest geometry image whose first frame is published; null before the first. */
    private volatile PreviewRenderer.PackTimings packTimings;
    /** Milliseconds the last refinement of coarse hierarchies took (0 before any). */
    private volatile double refineMillis;

    void countPass() {
        passes.incrementAndGet();
    }

    void countPack() {
        packs.incrementAndGet();
    }

    long passes() {
        return passes.get();
    }

    long packs() {
        return packs.get();
    }

    void publish(PreviewRenderer.PackTimings timings) {
        packTimings = timings;
    }

    PreviewRenderer.PackTimings packTimings() {
        return packTimings;
    }

    void refined(double millis) {
        refineMillis = millis;
    }

    double refineMillis() {
        return refineMillis;
    }
}
