package org.drtstudio.studio;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.scene.edit.SetRenderSettings;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The preview's Accel choice in the real window: choosing the grid, then the octree (on the default
 * scene), or the portals (on the voxel maze), makes the preview's tracer walk it and renders the view
 * again, and the finished picture is the BVH's.
 */
class AccelChoiceUiTest {
    private static final int TARGET = 2;
    private final StudioHarness h = new StudioHarness();

    @BeforeEach
    void display() {
        StudioHarness.assumeDisplay();
    }

    private void open(String scene) throws Exception {
        h.start(Path.of(scene), Files.createTempDirectory("drt-studio-home"), 900, 700);
        fx(() -> {
            var model = h.window.session.document.model();
            h.window.session.commit(new SetRenderSettings(model.settings().withPreviewSamples(TARGET)));
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    private boolean finished(long revision) {
        PreviewFrame f = h.window.viewport.shownFrame();
        return f != null && f.samples() == TARGET && f.pixelScale() == 1 && f.revision() == revision
                && h.window.viewport.previewState() == PreviewRenderer.State.DONE;
    }

    @Test
    void choosingAStructureRendersTheSamePictureWithIt() throws Exception {
        open("scenes/default.nff");
        assertSamePictureWith(AccelStructure.GRID, AccelStructure.OCTREE);
    }

    @Test
    void choosingPortalsRendersTheVoxelMazeAlike() throws Exception {
        open("scenes/maze.vox");
        assertSamePictureWith(AccelStructure.PORTALS);
    }

    private void assertSamePictureWith(AccelStructure... structures) throws Exception {
        assertEquals(AccelStructure.BVH, fx(() -> h.window.accelChoice.node().getValue()), "the BVH by default");
        h.awaitRefined(TARGET);
        long first = fx(() -> h.window.viewport.requestRevision());
        waitUntil(() -> finished(first), 60, "the BVH view finished");
        StudioHarness.Pixels bvh = h.pixels();
        for (AccelStructure s : structures) {
            fx(() -> {
                h.window.accelChoice.node().setValue(s);
                return null;
            });
            long revision = fx(() -> h.window.viewport.requestRevision());
            assertTrue(revision > first, "choosing " + s + " asks for a new view");
            waitUntil(() -> finished(revision) && h.window.viewport.renderer().tracerAccel() == s, 90,
                    "the view rendered again with the " + s.cliName());
            StudioHarness.Pixels other = h.pixels();
            int same = 0;
            for (int i = 0; i < bvh.argb().length; i++) if (bvh.argb()[i] == other.argb()[i]) same++;
            assertTrue(same >= 0.99 * bvh.argb().length, s + ": " + same + " of " + bvh.argb().length + " pixels as with the BVH");
        }
    }
}
