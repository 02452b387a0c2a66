package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;

import java.util.EnumSet;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Progressive rendering of one view: each {@link #nextPass()} adds samples to the running image
 * and returns the mean so far; {@link #restart} (the scene or camera changed) starts over. The
 * samples per pass follow a {@link PassBudget} so a pass fits the frame-time budget. With
 * {@link AdaptiveSampling} on, every pass from the minimum sample count on is followed by the
 * renderer's convergence test, and the view is finished when no pixel is left active (or the
 * target is reached). Not thread-safe: the render thread owns it.
 */
public final class ProgressiveSession {
    private final Renderer renderer;
    private final PassBudget budget;
    private final LongSupplier clock;
    private GeometryImage image;
    private TraceParameters parameters;
    private AdaptiveSampling adaptive = AdaptiveSampling.OFF;
    private int samplesDone;
    /** Pixels still taking samples after the last convergence test (all of them before the first). */
    private long activePixels;

    public ProgressiveSession(Renderer renderer, PassBudget budget) {
        this(renderer, budget, System::nanoTime);
    }

    ProgressiveSession(Renderer renderer, PassBudget budget, LongSupplier clock) {
        this.renderer = renderer;
        this.budget = budget;
        this.clock = clock;
    }

    /** Starts accumulating a new view; {@code parameters.samplesPerPixel()} is the target the passes stop at. */
    public void restart(GeometryImage newImage, TraceParameters newParameters) {
        restart(newImage, newParameters, AdaptiveSampling.OFF);
    }

    /** As {@link #restart(GeometryImage, TraceParameters)}, stopping pixels (and the view) as they converge. */
    public void restart(GeometryImage newImage, TraceParameters newParameters, AdaptiveSampling newAdaptive) {
        image = newImage;
        parameters = newParameters;
        adaptive = newAdaptive;
        samplesDone = 0;
        activePixels = pixels();
    }

    /** Whether the view is finished: the target reached, or every pixel converged. */
    public boolean converged() {
        return parameters != null && (samplesDone >= parameters.samplesPerPixel() || activePixels == 0);
    }

    public int samplesDone() {
        return samplesDone;
    }

    /** Pixels of the view still taking samples (all of them until the first convergence test). */
    public long activePixels() {
        return activePixels;
    }

    /** Pixels of the view. */
    public long pixels() {
        return parameters == null ? 0 : (long) parameters.width() * parameters.height();
    }

    /** Renders the next pass and returns the running mean, or null when already converged. */
    public Frame nextPass() throws RenderException {
        return nextPass(() -> false);
    }

    /**
     * As {@link #nextPass()}, but a tracer that can stop mid-pass does so once {@code abandon} turns
     * true (e.g. an import needs the cores): then the view starts again from sample 0 and null is
     * returned. A pass at a full view's resolution takes a second or more on the CPU tracer.
     */
    public Frame nextPass(BooleanSupplier abandon) throws RenderException {
        if (parameters == null) throw new IllegalStateException("restart() with a view first");
        if (converged()) return null;
        int count = Math.min(budget.samples(), parameters.samplesPerPixel() - samplesDone);
        long t0 = clock.getAsLong();
        ProgressListener listener = new ProgressListener() {
            @Override
            public void progress(double fraction) {
            }

            @Override
            public boolean abandoned() {
                return abandon.getAsBoolean();
            }
        };
        Frame frame;
        try {
            frame = renderer.accumulate(image, parameters, samplesDone, count, EnumSet.noneOf(Aov.class), listener);
        } catch (PassAbandonedException e) {
            samplesDone = 0;
            activePixels = pixels();
            budget.reset();
            return null;
        }
        samplesDone += count;
        if (adaptive.enabled() && samplesDone >= adaptive.minSamples() && samplesDone < parameters.samplesPerPixel()) {
            activePixels = renderer.converge(adaptive);
        }
        // Cost per sample is what the pass took over all pixels; with most pixels converged passes
        // get cheaper and the budget grows them, which is what keeps the rest converging quickly.
        budget.record(clock.getAsLong() - t0);
        return frame;
    }
}
