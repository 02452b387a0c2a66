package org.drtstudio.render.cpu;

import org.drtstudio.render.denoise.GuideEdges;
import org.drtstudio.render.PixelWindow;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The guide pass's probes of a window, each traced once: a probe is sample 0 of a pixel, the same
 * whoever asks ({@link GuideEdges}), and every pixel is probed by up to eight neighbours, so the
 * trace pass kept tracing each one up to eight times (about a twelfth of a 16-spp denoised render of
 * the default scene). A probe's guide and distance are kept for the window and the pixels around it;
 * threads that ask for the same probe at once may both trace it, and write the same floats.
 */
final class ProbeCache {
    private static final int FLOATS = 7;
    private final int x0, y0, width, height;
    private final float[] values;
    private final AtomicIntegerArray traced;

    /** Probes of {@code window} and the pixels next to it in a {@code frameWidth} × {@code frameHeight} frame. */
    ProbeCache(PixelWindow window, int frameWidth, int frameHeight) {
        x0 = Math.max(0, window.x() - 1);
        y0 = Math.max(0, window.y() - 1);
        width = Math.min(frameWidth, window.x() + window.width() + 1) - x0;
        height = Math.min(frameHeight, window.y() + window.height() + 1) - y0;
        values = new float[FLOATS * width * height];
        traced = new AtomicIntegerArray(width * height);
    }

    /** {@code trace} (a thread's own probe) with its results kept here. */
    GuideEdges.Probe over(GuideEdges.Probe trace) {
        return (qx, qy, out) -> {
            int i = (qy - y0) * width + (qx - x0);
            int o = FLOATS * i;
            if (traced.get(i) == 0) {
                float t = trace.trace(qx, qy, out);
                System.arraycopy(out, 0, values, o, 6);
                values[o + 6] = t;
                traced.set(i, 1); // after the floats: a reader that sees 1 sees them
                return t;
            }
            System.arraycopy(values, o, out, 0, 6);
            return values[o + 6];
        };
    }
}
