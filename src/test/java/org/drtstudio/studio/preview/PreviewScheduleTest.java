package org.drtstudio.studio.preview;

import org.drtstudio.studio.preview.PreviewSchedule.Stage;
import org.junit.jupiter.api.Test;

import static org.drtstudio.studio.preview.PreviewSchedule.COARSE_SAMPLES;
import static org.drtstudio.studio.preview.PreviewSchedule.SETTLED_SAMPLES;
import static org.junit.jupiter.api.Assertions.*;

/** The preview's scheduling policy under a made-up clock: each pass "takes" exactly what the test says. */
class PreviewScheduleTest {
    private long now;
    private final PreviewSchedule schedule = new PreviewSchedule(() -> now);

    /** A pass of {@code samples} samples over the stage's pixels that the clock says took {@code nanos}. */
    private void pass(int samples, long pixels, long nanos) {
        schedule.passStarted();
        now += nanos;
        assertEquals(nanos, schedule.passFinished(samples, pixels));
    }

    @Test
    void beforeAnyMeasurementTheFirstStageIsCoarseAndGathersAFewSamples() {
        assertTrue(schedule.idle(), "no view yet");
        Stage s = schedule.begin(800, 500, 256, false);
        assertEquals(new Stage(PreviewSchedule.FIRST_PIXEL_SCALE, COARSE_SAMPLES), s);
        assertFalse(schedule.idle());
    }

    @Test
    void theBlockSizeFollowsTheMeasuredCostSoACoarsePassFitsItsBudget() {
        schedule.begin(100, 100, 256, false);
        pass(1, 100 * 100, 1_000_000); // 100 ns per pixel-sample
        // 1000 x 1000 at 100 ns = 100 ms a sample: blocks of 2 x 2 make it 25 ms, the coarse budget.
        assertEquals(2, schedule.begin(1000, 1000, 256, false).pixelScale());
        // 3000 x 3000 = 900 ms: blocks of 6.
        assertEquals(6, schedule.begin(3000, 3000, 256, false).pixelScale());
        // Absurdly slow: capped.
        pass(1, 10, 1_000_000_000);
        pass(1, 10, 1_000_000_000);
        assertEquals(PreviewSchedule.MAX_PIXEL_SCALE, schedule.begin(3000, 3000, 256, false).pixelScale());
        // Cheap: full resolution at once, gathering straight up to the target.
        PreviewSchedule fast = new PreviewSchedule(() -> now);
        fast.begin(100, 100, 256, false);
        fast.passStarted();
        now += 1_000;
        fast.passFinished(1, 100 * 100);
        assertEquals(new Stage(1, 256), fast.begin(100, 100, 256, false));
    }

    @Test
    void refinesStepByStepWhilePassesStayFastThenRunsToTheTargetAndStops() {
        Stage s = schedule.begin(400, 400, 64, false); // scale 4
        assertEquals(4, s.pixelScale());
        pass(COARSE_SAMPLES, 100 * 100, 4_000_000); // 1 ms a sample at 1/4: 1/3 predicted ~1.8 ms
        s = schedule.stageDone();
        assertEquals(new Stage(3, COARSE_SAMPLES), s);
        pass(COARSE_SAMPLES, 133 * 133, 8_000_000);
        assertEquals(new Stage(2, COARSE_SAMPLES), schedule.stageDone());
        pass(COARSE_SAMPLES, 200 * 200, 16_000_000);
        assertEquals(new Stage(1, COARSE_SAMPLES), schedule.stageDone());
        pass(COARSE_SAMPLES, 400 * 400, 60_000_000);
        // At full resolution the view settles and gathers up to the target in one stage.
        assertEquals(new Stage(1, 64), schedule.stageDone());
        assertFalse(schedule.finished());
        pass(60, 400 * 400, 900_000_000);
        assertNull(schedule.stageDone(), "the target is reached: nothing more to render");
        assertTrue(schedule.finished());
        assertTrue(schedule.idle(), "the loop sleeps once the target is reached");
        assertNull(schedule.stageDone(), "and stays finished");
    }

    @Test
    void whereFinerPassesWouldBeSlowItSettlesGathersMoreThenGoesToFullResolution() {
        schedule.begin(400, 400, 128, false); // scale 4
        pass(1, 100 * 100, 60_000_000); // 60 ms a sample at 1/4: 1/3 predicted 107 ms > 100 ms
        Stage settled = schedule.stageDone();
        assertEquals(new Stage(4, SETTLED_SAMPLES), settled, "stays at 1/4 and gathers more samples there");
        pass(SETTLED_SAMPLES, 100 * 100, 900_000_000);
        assertEquals(new Stage(1, 128), schedule.stageDone(), "a still view then refines at full resolution, even if slowly");
        assertNull(schedule.stageDone());
        assertTrue(schedule.idle());
    }

    @Test
    void fullResolutionSkipsTheReducedStagesAndATargetBelowAStageCapsIt() {
        assertEquals(new Stage(1, 300), schedule.begin(640, 360, 300, true));
        assertNull(schedule.stageDone());
        assertEquals(new Stage(PreviewSchedule.FIRST_PIXEL_SCALE, 2), new PreviewSchedule(() -> 0).begin(640, 360, 2, false));
    }

    @Test
    void aNewViewAfterTheTargetStartsOver() {
        schedule.begin(64, 64, 4, true);
        assertNull(schedule.stageDone());
        assertTrue(schedule.idle());
        schedule.begin(64, 64, 4, true);
        assertFalse(schedule.idle());
        assertFalse(schedule.finished());
    }

    @Test
    void pauseAndExportHoldsStopTheLoopUntilAllAreLifted() {
        schedule.begin(64, 64, 1000, true);
        assertFalse(schedule.idle());
        schedule.setPaused(true);
        assertTrue(schedule.idle());
        schedule.hold();
        schedule.setPaused(false);
        assertTrue(schedule.idle(), "an export still holds it");
        schedule.hold();
        schedule.release();
        assertTrue(schedule.idle(), "one of two overlapping exports still runs");
        schedule.release();
        assertFalse(schedule.idle());
        assertEquals(new Stage(1, 1000), schedule.stage(), "the view and its stage survive the pause");
        assertThrows(IllegalStateException.class, schedule::release);
    }

    @Test
    void aViewThatCannotBeShownLeavesTheLoopIdle() {
        schedule.begin(64, 64, 16, false);
        schedule.clear();
        assertTrue(schedule.idle());
        assertNull(schedule.stageDone());
        assertThrows(IllegalArgumentException.class, () -> schedule.begin(0, 10, 16, false));
        assertThrows(IllegalArgumentException.class, () -> schedule.begin(10, 10, 0, false));
    }
}
