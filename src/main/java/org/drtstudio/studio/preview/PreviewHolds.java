package org.drtstudio.studio.preview;

/**
 * The holds on the preview's render loop that are not yet released, by kind: an import's
 * ({@link PreviewRenderer.Hold#STOP_PASS}) stops the pass under way, an export's
 * ({@link PreviewRenderer.Hold#FINISH_PASS}) lets it finish. Kept apart from the schedule's one hold
 * count because the status bar and the CPU denoiser need to know which kind holds. Not thread-safe:
 * the render loop guards it with its lock.
 */
final class PreviewHolds {
    private int passStopping;
    private int exports;

    void add(PreviewRenderer.Hold kind) {
        if (kind == PreviewRenderer.Hold.STOP_PASS) passStopping++;
        else exports++;
    }

    /** Ends one hold of {@code kind}; a release without a hold of its kind changes nothing. */
    void remove(PreviewRenderer.Hold kind) {
        if (kind == PreviewRenderer.Hold.STOP_PASS && passStopping > 0) passStopping--;
        if (kind == PreviewRenderer.Hold.FINISH_PASS && exports > 0) exports--;
    }

    /** Whether an export holds the loop (only an export holds with FINISH_PASS). */
    boolean exporting() {
        return exports > 0;
    }

    /** Whether an import holds the loop: the pass under way is to stop. */
    boolean stopsPass() {
        return passStopping > 0;
    }
}
