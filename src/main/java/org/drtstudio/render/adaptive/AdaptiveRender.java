package org.drtstudio.render.adaptive;

import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.accel.GeometryImage;

import java.util.EnumSet;
import java.util.Set;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;

/**
 * A whole frame with adaptive sampling, for {@code drt render --noise-threshold}: passes on a fixed
 * schedule (so the picture depends on the seed only, never on timing), each followed by the
 * renderer's convergence test, until every pixel has converged or taken
 * {@code parameters.samplesPerPixel()} samples. The schedule takes the minimum sample count first,
 * then grows each pass by half the samples so far (16, 24, 36, 54, …): a pixel takes at most 1.5×
 * the samples it needed, and a frame of 2048 spp needs 13 tests.
 */
public final class AdaptiveRender {
    private AdaptiveRender() {
    }

    /** Samples per pixel of the pass after {@code done} samples, for a frame of at most {@code max}. */
    static int nextPass(int done, int max, AdaptiveSampling adaptive) {
        if (done == 0) return Math.min(adaptive.minSamples(), max);
        return Math.min(max - done, Math.max(1, done / 2));
    }

    /**
     * Renders the frame. The frame carries {@code aovs}; ask for {@link Aov#SAMPLES} to see where
     * the samples went.
     */
    public static Frame render(Renderer renderer, GeometryImage image, TraceParameters parameters, AdaptiveSampling adaptive,
                               Set<Aov> aovs, ProgressListener progress) throws RenderException {
        int max = parameters.samplesPerPixel();
        if (!adaptive.canStopBefore(max)) return renderer.render(image, parameters, aovs, progress);
        Set<Aov> none = EnumSet.noneOf(Aov.class);
        // Asked for on the first pass, the guide AOVs are summed by every pass's tracing (GuideSums):
        // each pixel's guides then average its own samples, however many it took, at no cost of their own.
        // The split (DIFFUSE) starts those sums as any of them would, without a guide pass or a filtering
        // of its own on a pass whose frame is not kept.
        Set<Aov> guides = EnumSet.noneOf(Aov.class);
        if (aovs.stream().anyMatch(Aov::summedWithGuides)) guides.add(Aov.DIFFUSE);
        int done = 0;
        while (true) {
            int count = nextPass(done, max, adaptive);
            boolean last = done + count >= max;
            int before = done;
            Frame frame = renderer.accumulate(image, parameters, done, count, last ? aovs : done == 0 ? guides : none,
                    f -> progress.progress((before + f * count) / max));
            done += count;
            if (last) return frame;
            if (done >= adaptive.minSamples() && renderer.converge(adaptive) == 0) {
                // Every pixel converged: one more pass traces nothing, it only resolves the means and makes the AOVs.
                Frame resolved = renderer.accumulate(image, parameters, done, 1, aovs, ProgressListener.NONE);
                progress.progress(1);
                return resolved;
            }
        }
    }
}
