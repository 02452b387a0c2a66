package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;

import java.util.EnumSet;
import java.util.function.LongSupplier;

/**
 * Progressive rendering of one view: each {@link #nextPass()} adds samples to the running image
 * and returns the mean so far; {@link #restart} (the scene or camera changed) starts over. The
 * samples per pass follow a {@link PassBudget} so a pass fits the frame-time budget. Not
 * thread-safe: the render thread owns it.
 */
public final class ProgressiveSession {
    private final Renderer renderer;
    private final PassBudget budget;
    private final LongSupplier clock;
    private GeometryImage image;
    private TraceParameters parameters;
    private int samplesDone;

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
        image = newImage;
        parameters = newParameters;
        samplesDone = 0;
    }

    public boolean converged() {
        return parameters != null && samplesDone >= parameters.samplesPerPixel();
    }

    public int samplesDone() {
        return samplesDone;
    }

    /** Renders the next pass and returns the running mean, or null when already converged. */
    public Frame nextPass() throws RenderException {
        if (parameters == null) throw new IllegalStateException("restart() with a view first");
        if (converged()) return null;
        int count = Math.min(budget.samples(), parameters.samplesPerPixel() - samplesDone);
        long t0 = clock.getAsLong();
        Frame frame = renderer.accumulate(image, parameters, samplesDone, count, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        budget.record(clock.getAsLong() - t0);
        samplesDone += count;
        return frame;
    }
}
