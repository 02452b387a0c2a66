package org.drtstudio.studio.preview;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.PassAbandonedException;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.edit.SetTransform;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The preview loop without a window: what it publishes, what it packs, and that it sleeps once its
 * view is finished or it is paused. Nothing here depends on how fast the machine is: waits are
 * bounded only to turn a hang into a failure, and "stopped" is read from the render thread's
 * state (waiting on its lock) and its pass counter.
 */
class PreviewRendererTest {
    private static final long GIVE_UP_NANOS = 120_000_000_000L;

    private static SceneModel stage() throws Exception {
        return ProjectConverter.open(TestData.resource("studio/stage.nff")).model();
    }

    private static PreviewRequest request(SceneModel m, Set<Change> changes, int w, int h, int samples, boolean full, long revision) {
        return new PreviewRequest(m, changes, 0, false, PixelFilter.BOX, w, h, null, samples, full, revision, System.nanoTime(), 1);
    }

    private static PreviewRenderer renderer() {
        return new PreviewRenderer(() -> new CpuRenderer(2), TextureSource.NONE, s -> { throw new AssertionError(s); });
    }

    private static PreviewFrame await(PreviewRenderer p, List<PreviewFrame> seen, Predicate<PreviewFrame> done) throws Exception {
        long end = System.nanoTime() + GIVE_UP_NANOS;
        while (System.nanoTime() < end) {
            PreviewFrame f = p.takeFrame();
            if (f != null) {
                seen.add(f);
                if (done.test(f)) return f;
            }
            Thread.sleep(2);
        }
        throw new AssertionError("no frame matching the condition; saw " + seen.size());
    }

    private static void until(BooleanSupplier condition, String what) throws Exception {
        long end = System.nanoTime() + GIVE_UP_NANOS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) throw new AssertionError("never: " + what);
            Thread.sleep(2);
        }
    }

    /** The loop sleeps on its lock: it cannot render a pass until something wakes it. */
    private static void assertAsleep(PreviewRenderer p, List<PreviewFrame> seen) throws Exception {
        until(p::asleep, "the render thread sleeps on its lock");
        long passes = p.passes();
        PreviewFrame lastBeforeSleep = p.takeFrame();
        if (lastBeforeSleep != null) seen.add(lastBeforeSleep);
        assertNull(p.takeFrame(), "no frame after the last one taken");
        assertEquals(Thread.State.WAITING, p.threadState(), "blocked without a timeout: no polling loop");
        assertTrue(p.asleep());
        assertEquals(passes, p.passes(), "no pass rendered while asleep");
    }

    @Test
    void refinesCoarseToFullResolutionUpToTheTargetAndThenSleeps() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            p.show(request(stage(), EnumSet.allOf(Change.class), 160, 100, 6, false, 1));
            PreviewFrame last = await(p, seen, f -> f.pixelScale() == 1 && f.samples() == 6);
            assertEquals(160, last.width());
            assertEquals(100, last.height());
            assertEquals(6, last.targetSamples());
            for (int i = 1; i < seen.size(); i++) {
                assertTrue(seen.get(i).pixelScale() <= seen.get(i - 1).pixelScale(), "coarse to fine, never back");
            }
            until(() -> p.state() == PreviewRenderer.State.DONE, "done");
            assertAsleep(p, seen);
            assertNull(p.takeFrame(), "nothing more once the target is reached");
            // A change wakes it again.
            p.show(request(stage(), Set.of(Change.CAMERA), 160, 100, 6, false, 2));
            await(p, seen, f -> f.revision() == 2 && f.samples() == 6 && f.pixelScale() == 1);
        }
    }

    @Test
    void onlyTheNewestRequestIsRendered() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            SceneModel m = stage();
            p.show(request(m, EnumSet.allOf(Change.class), 160, 100, 400, false, 1));
            await(p, seen, f -> f.samples() >= 2);
            p.setPaused(true);
            assertAsleep(p, seen);
            for (long r = 2; r <= 6; r++) p.show(request(m, Set.of(Change.CAMERA), 160, 100, 400, false, r));
            // asleep() alone still holds before the loop has woken to the requests: wait until none is left waiting.
            until(() -> p.asleep() && !p.requestWaiting(), "the paused loop has taken the newest request and sleeps again");
            assertEquals(PreviewRenderer.State.PAUSED, p.state());
            p.setPaused(false);
            seen.clear();
            await(p, seen, f -> f.revision() == 6);
            assertEquals(List.of(6L), seen.stream().map(PreviewFrame::revision).distinct().toList(),
                    "requests superseded while paused are never rendered");
        }
    }

    @Test
    void pauseStopsTheLoopAndResumeGoesOnAccumulatingTheSameView() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            p.show(request(stage(), EnumSet.allOf(Change.class), 160, 100, 5000, true, 1));
            await(p, seen, f -> f.samples() >= 2);
            p.setPaused(true);
            assertEquals(PreviewRenderer.State.PAUSED, p.state());
            assertAsleep(p, seen);
            int samplesAtPause = seen.get(seen.size() - 1).samples();
            p.setPaused(false);
            PreviewFrame next = await(p, seen, f -> true);
            assertEquals(1, next.revision());
            assertTrue(next.samples() > samplesAtPause, "resumed where it stopped: " + next.samples() + " after " + samplesAtPause);
        }
    }

    @Test
    void anExportHoldStopsTheLoopUntilReleased() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            p.show(request(stage(), EnumSet.allOf(Change.class), 160, 100, 5000, true, 1));
            await(p, seen, f -> f.samples() >= 1);
            p.hold(PreviewRenderer.Hold.FINISH_PASS);
            assertEquals(PreviewRenderer.State.EXPORTING, p.state());
            assertAsleep(p, seen);
            long passes = p.passes();
            p.release(PreviewRenderer.Hold.FINISH_PASS);
            await(p, seen, f -> true);
            assertTrue(p.passes() > passes);
            assertEquals(PreviewRenderer.State.RENDERING, p.state());
        }
    }

    /**
     * An import's hold does not wait for the pass under way: the pass is told to stop, the loop
     * sleeps, and after the release the view starts again from sample 0. The tracer here stalls its
     * passes until told, so the test does not depend on how long a real pass takes.
     */
    @Test
    void aHoldAbandonsThePassUnderWay() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        StallingRenderer tracer = new StallingRenderer();
        try (PreviewRenderer p = stalledPreview(tracer, seen)) {
            long passes = p.passes();
            p.hold(PreviewRenderer.Hold.STOP_PASS);
            assertAsleep(p, seen);
            assertEquals(passes, p.passes(), "the stalled pass was not counted");
            tracer.stall = false;
            int calls = tracer.firstSamples.size();
            p.release(PreviewRenderer.Hold.STOP_PASS);
            await(p, seen, f -> true);
            assertEquals(0, tracer.firstSamples.get(calls), "the view starts again from sample 0");
        }
    }

    /** An export's hold lets the pass under way finish, and the view goes on from its samples. */
    @Test
    void anExportHoldLetsThePassFinish() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        StallingRenderer tracer = new StallingRenderer();
        try (PreviewRenderer p = stalledPreview(tracer, seen)) {
            long passes = p.passes();
            p.hold(PreviewRenderer.Hold.FINISH_PASS);
            tracer.awaitPollsAfterNow();
            assertFalse(tracer.abandoned, "an export's hold does not stop the pass");
            tracer.stall = false;
            assertAsleep(p, seen);
            assertEquals(passes + 1, p.passes(), "the pass under way was finished and counted");
            int calls = tracer.firstSamples.size();
            p.release(PreviewRenderer.Hold.FINISH_PASS);
            await(p, seen, f -> true);
            assertTrue(tracer.firstSamples.get(calls) > 0, "the view goes on from its samples");
            assertFalse(tracer.abandoned);
        }
    }

    /**
     * A newer request stops a refining pass (its samples would be thrown away), so a drag's first
     * picture does not wait for a full-resolution pass; a request's first pass is never stopped.
     */
    @Test
    void aNewerRequestStopsARefiningPassButNotARequestsFirst() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        StallingRenderer tracer = new StallingRenderer();
        try (PreviewRenderer p = stalledPreview(tracer, seen)) {
            SceneModel m = stage();
            p.show(request(m, Set.of(Change.CAMERA), 160, 100, 5000, true, 2));
            until(() -> tracer.abandoned, "the refining pass is stopped");
            // Request 2's first pass stalls too: request 3 arriving now must not stop it.
            until(() -> tracer.stalled && tracer.firstSamples.get(tracer.firstSamples.size() - 1) == 0, "request 2's first pass stalls");
            tracer.abandoned = false;
            p.show(request(m, Set.of(Change.CAMERA), 160, 100, 5000, true, 3));
            tracer.awaitPollsAfterNow();
            assertFalse(tracer.abandoned, "a request's first pass is not stopped");
            tracer.stall = false;
            await(p, seen, f -> f.revision() == 2);
            await(p, seen, f -> f.revision() == 3);
        }
    }

    /** A preview that has shown a frame and whose tracer now stalls in the pass under way. */
    private static PreviewRenderer stalledPreview(StallingRenderer tracer, List<PreviewFrame> seen) throws Exception {
        PreviewRenderer p = new PreviewRenderer(() -> tracer, TextureSource.NONE, s -> { throw new AssertionError(s); });
        try {
            p.show(request(stage(), EnumSet.allOf(Change.class), 160, 100, 5000, true, 1));
            await(p, seen, f -> f.samples() >= 1);
            tracer.stall = true;
            until(() -> tracer.stalled, "a pass stalls");
            return p;
        } catch (Exception | AssertionError e) {
            p.close();
            throw e;
        }
    }

    /** The CPU tracer, whose passes stall while {@link #stall} is set, unless their listener abandons them. */
    private static final class StallingRenderer implements Renderer {
        private final CpuRenderer cpu = new CpuRenderer(2);
        final List<Integer> firstSamples = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile boolean stall, stalled, abandoned;
        /** Times the stalled pass asked whether to stop and was told to go on. */
        private final java.util.concurrent.atomic.AtomicLong pollsAnsweredGoOn = new java.util.concurrent.atomic.AtomicLong();

        /**
         * Waits until the stalled pass has asked twice more whether to stop: the second of those
         * questions began after this call, so it saw every hold and request made before it. The
         * pass polls without pause, so this proves "not stopped" without a fixed sleep.
         */
        void awaitPollsAfterNow() throws Exception {
            long from = pollsAnsweredGoOn.get();
            until(() -> abandoned || pollsAnsweredGoOn.get() >= from + 2, "the stalled pass asks again whether to stop");
        }

        @Override
        public Frame accumulate(GeometryImage image, TraceParameters p, int firstSample, int count, Set<Aov> aovs, ProgressListener progress)
                throws RenderException {
            firstSamples.add(firstSample);
            if (!stall) return cpu.accumulate(image, p, firstSample, count, aovs, progress);
            stalled = true;
            long end = System.nanoTime() + GIVE_UP_NANOS;
            while (stall) {
                if (progress.abandoned()) {
                    abandoned = true;
                    stalled = false;
                    throw new PassAbandonedException();
                }
                pollsAnsweredGoOn.incrementAndGet();
                if (System.nanoTime() > end) throw new AssertionError("the pass was never abandoned");
                Thread.onSpinWait();
            }
            stalled = false;
            return cpu.accumulate(image, p, firstSample, count, aovs, progress);
        }

        @Override
        public int converge(AdaptiveSampling adaptive) throws RenderException {
            return cpu.converge(adaptive);
        }

        @Override
        public String description() {
            return "stalling CPU tracer";
        }

        @Override
        public org.drtstudio.render.Denoiser denoiser() {
            return new org.drtstudio.render.denoise.NlmDenoiser();
        }

        @Override
        public void close() {
            cpu.close();
        }
    }

    @Test
    void theChangeKindsDecideWhetherTheSceneIsPackedAgain() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            SceneModel m = stage();
            p.show(request(m, EnumSet.allOf(Change.class), 96, 60, 2, true, 1));
            await(p, seen, f -> f.revision() == 1);
            assertEquals(1, p.packs());
            // The camera moved: a new view of the same geometry image.
            Camera c = m.camera();
            SceneModel moved = m.withCamera(new Camera(c.eye().plus(new Vec3(0.3f, 0, 0)), c.look(), c.up(), c.fovY(), c.aperture(), c.focusDistance()));
            p.show(request(moved, Set.of(Change.CAMERA), 96, 60, 2, true, 2));
            await(p, seen, f -> f.revision() == 2);
            // Render settings and the viewport size: still the same image.
            p.show(request(moved.withSettings(moved.settings().withPreviewSamples(3)), Set.of(Change.SETTINGS), 80, 50, 2, true, 3));
            await(p, seen, f -> f.revision() == 3);
            assertEquals(1, p.packs(), "camera, settings and size changes restart accumulation only");
            // A transform: packed again (the builder re-packs the top level).
            GroupNode root = moved.root();
            SceneModel shifted = new SetTransform(root.id(), Trs.translation(new Vec3(0, 0.2f, 0))).apply(moved).model();
            p.show(request(shifted, Set.of(Change.TRANSFORM), 80, 50, 2, true, 4));
            await(p, seen, f -> f.revision() == 4);
            assertEquals(2, p.packs());
            // Changes of requests skipped while paused still count.
            p.setPaused(true);
            p.show(request(moved, Set.of(Change.MATERIAL), 80, 50, 2, true, 5));
            p.show(request(moved, Set.of(), 80, 50, 2, true, 6));
            p.setPaused(false);
            await(p, seen, f -> f.revision() == 6);
            assertEquals(3, p.packs(), "a material change in a skipped request packs the newest one");
        }
    }

    /**
     * A request for the same picture (no change kinds, the same size, time and settings: a selection,
     * a save) keeps the view's samples and is shown at once with them, also once the view is finished;
     * any change kind starts the view over (issue 39, item 2).
     */
    @Test
    void aRequestForTheSamePictureKeepsTheSamples() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            SceneModel m = stage();
            p.show(request(m, EnumSet.allOf(Change.class), 96, 60, 6, true, 1));
            await(p, seen, f -> f.revision() == 1 && f.samples() == 6);
            until(() -> p.state() == PreviewRenderer.State.DONE, "done");
            long passes = p.passes();
            p.show(request(m, Set.of(), 96, 60, 6, true, 2));
            PreviewFrame same = await(p, seen, f -> f.revision() == 2);
            assertEquals(6, same.samples(), "the finished view's samples, shown for the new request");
            until(() -> p.asleep() && !p.requestWaiting(), "asleep again");
            assertEquals(passes, p.passes(), "no pass rendered for it");
            p.show(request(m, Set.of(Change.SETTINGS), 96, 60, 6, true, 3));
            await(p, seen, f -> f.revision() == 3);
            assertTrue(p.passes() > passes, "a change kind starts the view over: it is rendered again");
        }
    }

    /** An import's hold is said as such in the status bar, an export's as an export's (issue 39, item 6). */
    @Test
    void theStatusBarNamesWhatHoldsThePreview() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            p.show(request(stage(), EnumSet.allOf(Change.class), 96, 60, 5000, true, 1));
            PreviewFrame f = await(p, seen, x -> x.samples() >= 1);
            p.hold(PreviewRenderer.Hold.STOP_PASS);
            assertEquals(PreviewRenderer.State.IMPORTING, p.state());
            assertTrue(PreviewStatus.text(f, 1, p.state(), false).endsWith("paused while importing"), PreviewStatus.text(f, 1, p.state(), false));
            p.hold(PreviewRenderer.Hold.FINISH_PASS);
            assertEquals(PreviewRenderer.State.EXPORTING, p.state(), "an export under way during the import");
            p.release(PreviewRenderer.Hold.STOP_PASS);
            assertTrue(PreviewStatus.text(f, 1, p.state(), false).endsWith("paused while exporting"));
            p.release(PreviewRenderer.Hold.FINISH_PASS);
            assertEquals(PreviewRenderer.State.RENDERING, p.state());
        }
    }

    /**
     * A request for the same picture right after one that starts a new view (an import, then the
     * selection of what was imported, while the import holds the loop) is shown with the new view's
     * first pass, never with the old view's last frame.
     */
    @Test
    void theSamePictureRightAfterANewViewWaitsForItsFirstPass() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = renderer()) {
            SceneModel m = stage();
            p.show(request(m, EnumSet.allOf(Change.class), 96, 60, 5000, true, 1));
            await(p, seen, f -> f.revision() == 1 && f.samples() >= 2);
            p.hold(PreviewRenderer.Hold.STOP_PASS);
            until(() -> p.asleep(), "held");
            SceneModel moved = new SetTransform(m.root().id(), Trs.translation(new Vec3(0, 0.5f, 0))).apply(m).model();
            p.show(request(moved, Set.of(Change.TRANSFORM), 96, 60, 5000, true, 2));
            until(() -> !p.requestWaiting() && p.asleep(), "the new view taken, held before its first pass");
            long passes = p.passes();
            while (p.takeFrame() != null) Thread.onSpinWait(); // frames of request 1 still in the slot
            p.show(request(moved, Set.of(), 96, 60, 5000, true, 3));
            until(() -> !p.requestWaiting() && p.asleep(), "the selection's request taken");
            assertNull(p.takeFrame(), "the old view's picture is not shown for the new view's request");
            p.release(PreviewRenderer.Hold.STOP_PASS);
            await(p, seen, f -> f.revision() == 3);
            assertTrue(p.passes() > passes, "shown with a pass of the new view");
        }
    }
}
