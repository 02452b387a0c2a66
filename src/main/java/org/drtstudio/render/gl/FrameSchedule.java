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
    WAVEFRONT;

    /**
     * The measured faster on each kind of device (docs/BENCHMARKS.md, "The wavefront frame"); the
     * system property {@code drt.frame} ({@code kernel} or {@code wavefront}) overrides it for experiments.
     */
    static FrameSchedule defaultFor(GlInfo info) {
        String forced = System.getProperty("drt.frame", "");
        if (!forced.isEmpty()) return valueOf(forced.toUpperCase(Locale.ROOT));
        return info.software() ? KERNEL : WAVEFRONT;
    }
}
