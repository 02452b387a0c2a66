package org.drtstudio.render.gl;

import java.util.Locale;

/**
 * How the GPU tracer runs the rays of a frame. Both give the same samples in the same order, so the
 * same picture (GlWavefrontTest); they differ in speed and working memory.
 */
public enum FrameSchedule {
    /** One invocation per pixel walks all its rays ({@code trace.comp}): no working memory beyond the frame. */
    KERNEL,
    /**
     * Pixels' walks kept in memory, rays traced by lean kernels pass after pass ({@link GlWavefront}):
     * 752 bytes per pixel with one light (88 more per light) while a tile is traced, at most 2 GiB.
     */
    WAVEFRONT,
    /**
     * The kernel for a pass of at most {@link #KERNEL_MAX_SAMPLES} samples a pixel, the wavefront for
     * more: the default on a hardware GPU.
     */
    BY_SAMPLES;

    /**
     * Passes of up to this many samples a pixel go to the kernel under {@link #BY_SAMPLES}. One H200,
     * 2026-11-29, {@code drt render --frames 0-5}, 1080p: at 1 and 4 spp the kernel's frames after the
     * first took 0.75-1.0 of the wavefront's (a 10M-triangle terrain 4.0 against 5.2 ms at 1 spp, 6.3
     * against 8.4 at 4; a 0.8M-triangle city and scenes/all-effects.json within 5 %), and its first
     * frame 130-270 ms less, which is when the wavefront allocates its working memory (1.5 GB at
     * 1080p); at 16 spp the wavefront is 1.7-2.4 times as fast (docs/BENCHMARKS.md).
     */
    static final int KERNEL_MAX_SAMPLES = 4;

    /** Whether a pass of {@code samples} samples a pixel runs as a wavefront. */
    boolean wavefrontFor(int samples) {
        return this == WAVEFRONT || this == BY_SAMPLES && samples > KERNEL_MAX_SAMPLES;
    }

    /**
     * The measured faster on each kind of device (docs/BENCHMARKS.md, "The wavefront frame"); the
     * system property {@code drt.frame} ({@code kernel}, {@code wavefront} or {@code by_samples})
     * overrides it for experiments.
     */
    static FrameSchedule defaultFor(GlInfo info) {
        String forced = System.getProperty("drt.frame", "");
        if (!forced.isEmpty()) return valueOf(forced.toUpperCase(Locale.ROOT));
        return info.software() ? KERNEL : BY_SAMPLES;
    }
}
