package org.drtstudio.studio;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;

import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A renderer whose passes wait at a gate the test opens: an export that must still be running
 * while a test looks at the studio is held there for as long as the test needs, instead of being
 * made big enough to outlast the check on a machine of today's speed.
 */
final class GatedRenderer extends org.drtstudio.render.ForwardingRenderer {
    /** Where passes wait; open unless a test closes it. */
    static final class Gate {
        private volatile CountDownLatch open = new CountDownLatch(0);
        private volatile CountDownLatch reached = new CountDownLatch(1);

        /** Passes from now on wait until {@link #open()}. */
        void close() {
            reached = new CountDownLatch(1);
            open = new CountDownLatch(1);
        }

        void open() {
            open.countDown();
        }

        /** Waits until a pass is waiting at the closed gate. */
        void awaitReached(double seconds) throws InterruptedException {
            if (!reached.await((long) (seconds * 1000), TimeUnit.MILLISECONDS)) throw new AssertionError("no pass reached the gate in " + seconds + " s");
        }

        private void pass() throws RenderException {
            reached.countDown();
            try {
                if (!open.await(10, TimeUnit.MINUTES)) throw new RenderException("the test never opened the gate");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RenderException("interrupted at the gate");
            }
        }
    }

    private final Gate gate;

    GatedRenderer(Renderer inner, Gate gate) {
        super(inner);
        this.gate = gate;
    }

    @Override
    public Frame accumulate(GeometryImage image, TraceParameters parameters, int firstSample, int sampleCount, Set<Aov> aovs,
                            ProgressListener progress) throws RenderException {
        gate.pass();
        return inner.accumulate(image, parameters, firstSample, sampleCount, aovs, progress);
    }
}
