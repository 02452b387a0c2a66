package org.drtstudio.studio;

import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A scene opened from a model or scene file (untitled, no project yet) offers its first export in
 * that file's folder, as a saved project offers its own; before, the chooser opened wherever the
 * studio had been started.
 */
class ExportFolderUiTest {
    private final StudioHarness h = new StudioHarness();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void aSceneOpenedFromAFileOffersItsFolderForTheFirstExport() throws Exception {
        Path models = StudioHarness.tempDir("drt-export-models");
        Path scene = Files.copy(TestData.resource("studio/stage.nff"), models.resolve("stage.nff"));
        h.start(scene, 1100, 700);
        Path renders = StudioHarness.tempDir("drt-export-renders");
        h.dialogs.answers.add(new ExportSettings(renders.resolve("still.png"), 32, 18, 1, false, 0, 0));
        fx(() -> {
            h.window.files.exportWithDialog(false);
            return null;
        });
        ExportSettings offered = h.dialogs.lastExportOffer;
        assertEquals(models.toRealPath(), offered.output().toAbsolutePath().getParent().toRealPath(), "offered beside the opened file");
        waitUntil(() -> !h.window.jobRunning() && Files.exists(renders.resolve("still.png")), 60, "still exported");
    }
}
