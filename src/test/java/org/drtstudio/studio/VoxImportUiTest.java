package org.drtstudio.studio;

import org.drtstudio.io.vox.VoxWriter;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.edit.SetTransform;
import org.drtstudio.testing.TestData;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.voxel.VoxelPalettes;
import org.drtstudio.scene.VoxelSpace;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.*;

/** A MagicaVoxel file imported into the studio (as a drop or File → Import does) shows in the view and moves like any model. */
class VoxImportUiTest {
    private final StudioHarness h = new StudioHarness();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void aVoxFileComesInShowsAndMoves(@TempDir Path dir) throws Exception {
        VoxelSpace maze = VoxelGenerators.maze(2, 1, 2, 3);
        Path file = dir.resolve("little maze.vox");
        Files.write(file, VoxWriter.bytes(maze, VoxelPalettes.magicaVoxelDefault()));
        h.start(TestData.resource("studio/stage.nff"), 1200, 760);
        // Every view stops at 1 sample, so the pictures compared have the same samples (and noise): read
        // while refining, one was at 1 sample and another at 3, and their noise alone differed by more
        // than the test allows (a race: the selection after an import no longer restarts the view).
        fx(() -> {
            h.window.viewport.setTargetSamples(1);
            return null;
        });
        h.awaitRefined(1);
        StudioHarness.Pixels empty = h.pixels();
        int id = h.importModel(file);
        waitUntil(() -> h.window.statusMessage().contains("little maze.vox"), 30, "the import named in the status bar");
        h.awaitRefined(1);
        StudioHarness.Pixels shown = h.pixels();
        double change = shown.difference(empty, 0, 0, shown.width(), shown.height());
        assertTrue(change > 0.002, "the voxels show in the view: mean change " + change);

        GroupNode group = fx(() -> (GroupNode) h.window.session.document.model().node(id).orElseThrow());
        Vec3 far = group.transform().translation().plus(new Vec3(1000, 0, 0));
        fx(() -> h.window.session.document.execute(new SetTransform(id, group.transform().withTranslation(far))));
        h.awaitRefined(1);
        double back = h.pixels().difference(empty, 0, 0, shown.width(), shown.height());
        assertTrue(back < change / 4, "moved out of view, the stage looks as before: " + back + " against " + change);
    }
}
