package org.drtstudio.studio.preview;

import java.util.function.LongSupplier;

/**
 * The preview's scheduling policy, apart from any thread, renderer or window so it can be tested
 * with a made-up clock: which resolution and how many samples each stage of a view renders, when
 * the view is finished, and whether the render loop may run at all (paused by the user, held by
 * an export).
 *
 * <p>Right after a change the view renders one pixel per N×N block, N chosen from the measured cost
 * so that a one-sample pass takes about {@link #COARSE_BUDGET_NANOS}; each stage gathers
 * {@link #COARSE_SAMPLES} samples, then the resolution steps finer while a one-sample pass is
 * predicted to stay within {@link #REFINE_BUDGET_NANOS} (10 frames a second). Where it settles, a
 * view that stays still gathers {@link #SETTLED_SAMPLES} more samples, then goes on at full
 * resolution up to the sample target — and then stops: {@link #idle()} turns true and the loop
 * sleeps until something changes.
 *
 * <p>Not thread-safe: the render loop owns it; the loop's lock guards pause and hold.
 */
final class PreviewSchedule {
    /** Samples per pixel each reduced-resolution stage gathers before stepping finer. */
    static final int COARSE_SAMPLES = 4;
    /** Samples the settled reduced resolution gathers before a still view moves on to full resolution. */
    static final int SETTLED_SAMPLES = 16;
    static final int MAX_PIXEL_SCALE = 16;
    /** Block size used before any pass has been measured. */
    static final int FIRST_PIXEL_SCALE = 4;
    /** Pass time aimed at right after a change: under the 33 ms frame budget, leaving room for the UI's own drawing. */
    static final long COARSE_BUDGET_NANOS = 25_000_000L;
    /** Longest one-sample pass while stepping finer: 10 new frames a second. */
    static final long REFINE_BUDGET_NANOS = 100_000_000L;

    /**
     * What to render until the stage's samples are gathered.
     *
     * @param pixelScale viewport pixels per rendered pixel along each axis (1: full resolution)
     * @param samples    samples per pixel at which this stage ends (never above the view's target)
     */
    record Stage(int pixelScale, int samples) {
    }

    private final LongSupplier clock;
    private int width, height, target;
    private boolean fullResolution;
    private Stage stage;
    private boolean settled, finished = true;
    private boolean paused;
    private int holds;
    /** Nanoseconds per pixel-sample, smoothed over passes; negative until the first pass is measured. */
    private double costPerPixelSample = -1;
    /** Time of one sample per pixel in the last pass, at that pass's resolution. */
    private double lastNanosPerSample;
    private long passStart;

    /** @param clock nanoseconds, monotonic ({@code System::nanoTime} in the studio, a counter in tests) */
    PreviewSchedule(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * A new view (the scene, camera, size or settings changed): accumulation starts over.
     *
     * @param width          pixels across of what is refined (the viewport, or the render region)
     * @param target         the sample target: the view is finished when it has this many samples at full resolution
     * @param fullResolution skip the reduced stages
     * @return the first stage
     */
    Stage begin(int width, int height, int target, boolean fullResolution) {
        if (width < 1 || height < 1) throw new IllegalArgumentException("view must be at least 1x1, got " + width + "x" + height);
        if (target < 1) throw new IllegalArgumentException("sample target must be at least 1, got " + target);
        this.width = width;
        this.height = height;
        this.target = target;
        this.fullResolution = fullResolution;
        int scale = fullResolution ? 1 : coarseScale();
        settled = scale == 1;
        finished = false;
        stage = stage(scale, settled ? target : COARSE_SAMPLES);
        return stage;
    }

    /** Marks the start of a pass, for {@link #passFinished}. */
    void passStarted() {
        passStart = clock.getAsLong();
    }

    /**
     * Records a finished pass of the current stage; its cost decides the block size after the
     * next change and whether the next stage may step finer.
     *
     * @param samplesAdded samples per pixel the pass added
     * @param pixels       pixels it rendered
     * @return how long the pass took, nanoseconds
     */
    long passFinished(int samplesAdded, long pixels) {
        long elapsed = Math.max(0, clock.getAsLong() - passStart);
        int samples = Math.max(1, samplesAdded);
        double c = elapsed / (double) Math.max(1, pixels * samples);
        costPerPixelSample = costPerPixelSample < 0 ? c : 0.7 * costPerPixelSample + 0.3 * c;
        lastNanosPerSample = elapsed / (double) samples;
        return elapsed;
    }

    /**
     * The current stage has gathered its samples: the next stage, or null when the view is
     * finished (the sample target reached at full resolution, or — with a noise threshold — every
     * pixel converged there: the loop's session says its stage is done either way).
     */
    Stage stageDone() {
        if (stage == null || finished) return null;
        int scale = stage.pixelScale();
        if (settled && scale == 1) {
            finished = true;
            return null;
        }
        if (settled) {
            // The view has stayed still: go on at full resolution, whose passes may come slower.
            stage = stage(1, target);
            return stage;
        }
        // Step finer while its passes are predicted to stay within the refine budget (or straight
        // to full resolution when asked); else settle here.
        int finer = fullResolution ? 1 : scale - 1;
        double predicted = lastNanosPerSample * Math.pow(scale / (double) Math.max(1, finer), 2);
        if (scale > 1 && (fullResolution || predicted <= REFINE_BUDGET_NANOS)) scale = finer;
        else settled = true;
        stage = stage(scale, !settled ? COARSE_SAMPLES : scale > 1 ? SETTLED_SAMPLES : target);
        return stage;
    }

    private Stage stage(int scale, int samples) {
        return new Stage(scale, Math.min(samples, target));
    }

    /** Forgets the view (it cannot be shown): idle until the next {@link #begin}. */
    void clear() {
        stage = null;
        finished = true;
    }

    /** The stage being rendered, or null before the first view. */
    Stage stage() {
        return stage;
    }

    /** Whether the view has reached its sample target at full resolution. */
    boolean finished() {
        return finished;
    }

    /** Whether the render loop has nothing to do: no view, the view finished, paused, or held. */
    boolean idle() {
        return stage == null || finished || paused || holds > 0;
    }

    /** Pause (true) or resume (false) at the user's request; accumulation continues where it stopped. */
    void setPaused(boolean on) {
        paused = on;
    }

    boolean paused() {
        return paused;
    }

    /** Stops the loop while something else needs the machine (an export); counted, so holds may overlap. */
    void hold() {
        holds++;
    }

    void release() {
        if (holds == 0) throw new IllegalStateException("release without hold");
        holds--;
    }

    boolean held() {
        return holds > 0;
    }

    /** Pixel block size so one sample of the whole view fits the coarse budget. */
    private int coarseScale() {
        if (costPerPixelSample < 0) return FIRST_PIXEL_SCALE;
        double full = costPerPixelSample * width * height;
        int s = (int) Math.ceil(Math.sqrt(full / COARSE_BUDGET_NANOS));
        return Math.max(1, Math.min(MAX_PIXEL_SCALE, s));
    }
}
