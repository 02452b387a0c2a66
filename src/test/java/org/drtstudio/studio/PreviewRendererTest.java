package org.drtstudio.studio;

import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.anim.SceneModel;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The preview loop without a window: what it publishes and when. */
class PreviewRendererTest {
    private static SceneModel stage() throws Exception {
        return ProjectConverter.open(TestData.resource("studio/stage.nff")).model();
    }

    private static PreviewRequest request(SceneModel m, int w, int h, int samples, boolean full, long revision) {
        return new PreviewRequest(m, 0, false, PixelFilter.BOX, w, h, samples, full, revision, System.nanoTime());
    }

    private static PreviewFrame await(PreviewRenderer p, List<PreviewFrame> seen, Predicate<PreviewFrame> done) throws Exception {
        long end = System.nanoTime() + 60_000_000_000L;
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

    @Test
    void refinesCoarseToFullResolutionUpToTheTargetAndStops() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = new PreviewRenderer(() -> new CpuRenderer(2), TextureSource.NONE, s -> { throw new AssertionError(s); })) {
            p.show(request(stage(), 160, 100, 6, true, 1));
            PreviewFrame last = await(p, seen, f -> f.pixelScale() == 1 && f.samples() == 6);
            assertEquals(160, last.width());
            assertEquals(100, last.height());
            for (int i = 1; i < seen.size(); i++) {
                assertTrue(seen.get(i).samples() > seen.get(i - 1).samples() || seen.get(i).pixelScale() < seen.get(i - 1).pixelScale(),
                        "each frame adds samples or refines the resolution");
            }
            Thread.sleep(300);
            assertEquals(null, p.takeFrame(), "nothing more once the target is reached");
        }
    }

    @Test
    void theNewestRequestWinsAndFirstFramesAreCoarseOnceTheCostIsKnown() throws Exception {
        List<PreviewFrame> seen = new ArrayList<>();
        try (PreviewRenderer p = new PreviewRenderer(() -> new CpuRenderer(2), TextureSource.NONE, s -> { throw new AssertionError(s); })) {
            SceneModel m = stage();
            p.show(request(m, 640, 400, 4, false, 1));
            await(p, seen, f -> f.samples() >= 2);
            for (long r = 2; r <= 6; r++) p.show(request(m, 640, 400, 4, false, r)); // only the last may be rendered
            PreviewFrame f = await(p, seen, x -> x.revision() == 6);
            // Five requests made within microseconds: at most one could have been taken before the last arrived.
            assertTrue(seen.stream().filter(x -> x.revision() > 1 && x.revision() < 6).map(PreviewFrame::revision).distinct().count() <= 1,
                    "superseded requests are skipped");
            assertTrue(f.pixelScale() > 1 || f.passNanos() < PreviewRenderer.COARSE_BUDGET_NANOS * 3,
                    "the first frame after a change is coarse unless full passes are that fast: scale " + f.pixelScale());
        }
    }
}
