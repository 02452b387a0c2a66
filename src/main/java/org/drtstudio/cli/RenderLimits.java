package org.drtstudio.cli;

import org.drtstudio.render.WorkEstimate;

import java.util.Locale;

/**
 * Refuses a render that is too big before any work starts: more camera samples than
 * {@code --max-work} allows or more frames than {@link WorkEstimate#DEFAULT_MAX_FRAMES} (both
 * lifted by {@code --force}), or a frame whose buffers the heap cannot hold (never lifted: that
 * render would only fail after tracing the whole frame). The message gives the estimate and the
 * way out.
 */
final class RenderLimits {
    /** Share of the free heap a frame's buffers may take; the rest is slack for the encoder and the GC. */
    private static final double HEAP_SHARE = 0.9;

    private RenderLimits() {
    }

    static void check(WorkEstimate e, long maxSamples, boolean force, long availableHeap) throws RenderCommand.UsageProblem {
        if (e.frameBytes() > HEAP_SHARE * availableHeap) {
            long neededGiB = (long) Math.ceil((e.frameBytes() / HEAP_SHARE + Runtime.getRuntime().totalMemory()) / (double) (1L << 30));
            throw new RenderCommand.UsageProblem(String.format(Locale.ROOT,
                    "a %dx%d frame needs about %s of memory and %s are free; render it smaller (--width/--height) "
                            + "or give Java more memory (JAVA_OPTS=-Xmx%dg)",
                    e.width(), e.height(), WorkEstimate.bytes(e.frameBytes()), WorkEstimate.bytes(availableHeap), neededGiB));
        }
        if (force) return;
        if (e.frames() > WorkEstimate.DEFAULT_MAX_FRAMES)
            throw new RenderCommand.UsageProblem(String.format(Locale.ROOT,
                    "%,d frames (a file each) is more than the %,d allowed without --force; render a shorter range or add --force",
                    e.frames(), WorkEstimate.DEFAULT_MAX_FRAMES));
        if (e.samples() > maxSamples)
            throw new RenderCommand.UsageProblem(String.format(Locale.ROOT,
                    "%s is more than --max-work %.1e allows; lower the size or samples (--width, --height, --spp), "
                            + "or raise --max-work, or add --force", e.describeWork(), (double) maxSamples));
    }
}
