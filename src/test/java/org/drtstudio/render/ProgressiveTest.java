package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.*;

public class ProgressiveTest {

    @Test
    void budgetAdaptsTowardTheFrameTime() {
        PassBudget b = new PassBudget(33_000_000L, 256);
        assertEquals(1, b.samples());
        for (int i = 0; i < 20; i++) b.record(b.samples() * 2_000_000L); // 2 ms per sample on a fast device
        assertEquals(16, b.samples()); // floor(33 / 2)
        b.record(b.samples() * 40_000_000L); // the scene got expensive: 40 ms per sample
        assertEquals(1, b.samples());
        b.record(1_000L); // a suspiciously fast pass grows by doubling only
        assertEquals(2, b.samples());
        b.reset();
        assertEquals(1, b.samples());
    }

    /** Passes of samples add up to the image of one render with all of them. */
    public static void passesAddUpToOneRender(Renderer r) throws RenderException {
        Scene s = DistributedEffectsChecks.penumbraFloor(16);
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.withSettings(s.settings().withSampling(16, 2, 5)).settings(), gi);
        Frame whole = r.render(gi, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        r.accumulate(gi, p, 0, 4, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        r.accumulate(gi, p, 4, 4, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        Frame passes = r.accumulate(gi, p, 8, 8, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        for (int i = 0; i < whole.radiance().length; i++) {
            assertEquals(whole.radiance()[i], passes.radiance()[i], 1e-5f * Math.max(1f, whole.radiance()[i]), "value " + i);
        }
        assertThrows(IllegalStateException.class, () -> r.accumulate(gi, TraceParameters.of(s.camera(),
                s.settings().withSize(8, 8), gi), 4, 4, EnumSet.noneOf(Aov.class), ProgressListener.NONE));
    }

    @Test
    void sessionStopsAtTheTarget() throws Exception {
        Scene s = DistributedEffectsChecks.penumbraFloor(8);
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings().withSampling(10, 2, 0), gi);
        long[] now = {0};
        ProgressiveSession session = new ProgressiveSession(new CpuRenderer(1), new PassBudget(33_000_000L, 64), () -> now[0] += 1_000_000L);
        session.restart(gi, p);
        int passes = 0;
        while (session.nextPass() != null) passes++;
        assertEquals(10, session.samplesDone());
        assertTrue(session.converged());
        assertTrue(passes < 10, "the budget should have grown the passes: " + passes);
    }

    /**
     * A pass abandoned mid-way (an import wants the cores) leaves nothing half-added: the CPU tracer
     * throws, its running sum is gone, and the session starts the view again from sample 0, whose
     * passes then give the very image of an undisturbed session.
     */
    @Test
    void anAbandonedPassStartsTheViewAgain() throws Exception {
        Scene s = DistributedEffectsChecks.penumbraFloor(16);
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings().withSampling(8, 2, 0), gi);
        CpuRenderer r = new CpuRenderer(2);
        r.accumulate(gi, p, 0, 2, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        int[] rowsAsked = {0};
        ProgressListener stopAfterTwoRows = new ProgressListener() {
            @Override
            public void progress(double fraction) {
            }

            @Override
            public boolean abandoned() {
                return ++rowsAsked[0] > 2;
            }
        };
        assertThrows(PassAbandonedException.class, () -> r.accumulate(gi, p, 2, 2, EnumSet.noneOf(Aov.class), stopAfterTwoRows));
        assertTrue(rowsAsked[0] < 16 + 2, "the tracer went on after being told: " + rowsAsked[0] + " rows asked");
        assertThrows(IllegalStateException.class, () -> r.accumulate(gi, p, 2, 2, EnumSet.noneOf(Aov.class), ProgressListener.NONE),
                "the half-added sum must not be added to");

        ProgressiveSession session = new ProgressiveSession(r, new PassBudget(33_000_000L, 1));
        session.restart(gi, p);
        session.nextPass();
        assertEquals(1, session.samplesDone());
        assertNull(session.nextPass(() -> true));
        assertEquals(0, session.samplesDone());
        assertFalse(session.converged());
        Frame last = null;
        for (Frame f = session.nextPass(); f != null; f = session.nextPass()) last = f;
        assertEquals(8, session.samplesDone());
        Frame undisturbed = new CpuRenderer(2).render(gi, p, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        assertArrayEquals(undisturbed.srgb(), last.srgb());
    }
}
