package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every timed dispatch follows a warm-up of back-to-back work long enough for a GPU to leave its
 * idle clock (the cause of the benchmark's contradictory figures, docs/BENCHMARKS.md): the warm-up
 * really dispatches the program (counted on the GPU) for at least the time it claims.
 */
@Timeout(60)
class GpuTimerTest {
    private static final int W = 20, H = 12;
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();


    @Test
    void warmUpDispatchesTheProgramForAtLeastTheGivenTime() {
        long[] counted = new long[1];
        GpuTimer.WarmUp warm = GL.get().call(() -> {
            try (ComputeProgram program = ComputeProgram.load("test/count.comp", Map.of());
                 ShaderStorageBuffer counter = ShaderStorageBuffer.create(4)) {
                program.setIVec2("size", W, H);
                counter.write(0, ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()));
                counter.bindBase(0);
                long t0 = System.nanoTime();
                GpuTimer.WarmUp w = GpuTimer.warmUp(program, W, H, 60);
                double outside = (System.nanoTime() - t0) / 1e6;
                assertTrue(outside >= w.millis(), "reported " + w.millis() + " ms, measured around it " + outside);
                ByteBuffer c = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder());
                counter.read(0, c);
                counted[0] = Integer.toUnsignedLong(c.getInt(0));
                return w;
            }
        });
        assertTrue(warm.millis() >= 60, "warm-up lasted " + warm.millis() + " ms");
        assertTrue(warm.dispatches() >= 1, "dispatches: " + warm.dispatches());
        assertTrue(warm.firstDispatchMillis() > 0 && warm.lastDispatchMillis() > 0, "first and last dispatch timed: " + warm);
        assertEquals((long) warm.dispatches() * W * H, counted[0], "invocations the GPU counted");
    }

    /** Timed runs spread as no noise spreads them were taken while the clock rose, and are taken again. */
    @Test
    void aClockRisingDuringTheTimedRunsShowsAsSpread() {
        assertTrue(GpuTimer.spread(new double[]{1.812, 1.803, 0.739, 0.324, 0.326}) > GpuTimer.MAX_SPREAD, "H100, bunny");
        assertTrue(GpuTimer.spread(new double[]{0.325, 0.326, 0.327, 0.329, 0.325}) < GpuTimer.MAX_SPREAD, "one clock");
        assertEquals(1.0, GpuTimer.spread(new double[]{0.5}));
    }

    @Test
    void medianDispatchIsPrecededByTheClockWarmUp() {
        GpuTimer.Median m = GL.get().call(() -> {
            try (ComputeProgram program = ComputeProgram.load("test/count.comp", Map.of());
                 ShaderStorageBuffer counter = ShaderStorageBuffer.create(4);
                 GpuTimer timer = GpuTimer.create()) {
                program.setIVec2("size", W, H);
                counter.bindBase(0);
                return timer.medianDispatch(program, W, H, 3);
            }
        });
        assertTrue(m.warmUp().millis() >= GpuTimer.CLOCK_WARM_UP_MS, "warm-up " + m.warmUp());
        assertTrue(m.millis() > 0, "median " + m.millis());
        assertEquals(3, m.runs().length, "every timed run is kept");
    }
}
