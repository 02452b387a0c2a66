package org.drtstudio.io.project;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** The preview's sample target: an optional settings key; files without it keep opening. */
class PreviewSampleTargetFormatTest {
    @TempDir
    Path dir;

    @Test
    void aProjectWithoutTheKeyOpensWithTheDefaultTargetAndSavesWithoutIt() throws Exception {
        SceneModel model = ProjectRoundTripTest.richWithModel(dir);
        assertEquals(RenderSettings.DEFAULT_PREVIEW_SAMPLES, model.settings().previewSamples());
        Path file = dir.resolve("old.json");
        ProjectFiles.write(model, file);
        String text = Files.readString(file);
        assertFalse(text.contains("previewSamples"), "a default target is not written, so older files stay byte-identical");
        assertEquals(RenderSettings.DEFAULT_PREVIEW_SAMPLES, ProjectFiles.read(file).model().settings().previewSamples());
    }

    @Test
    void aChosenTargetIsSavedAndReopened() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        SceneModel model = base.withSettings(base.settings().withPreviewSamples(48));
        Path file = dir.resolve("target.json");
        ProjectFiles.write(model, file);
        assertTrue(Files.readString(file).contains("\"previewSamples\": 48"));
        SceneModel back = ProjectFiles.read(file).model();
        assertEquals(48, back.settings().previewSamples());
        assertEquals(model.settings(), back.settings());
    }

    @Test
    void anAbsurdTargetIsRefusedWithTheFileLineAndValue() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        Path file = dir.resolve("bad.json");
        ProjectFiles.write(base.withSettings(base.settings().withPreviewSamples(48)), file);
        Files.writeString(file, Files.readString(file).replace("\"previewSamples\": 48", "\"previewSamples\": 0"));
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ProjectFiles.read(file));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("preview sample target must be 1..65536, got 0"), e.getMessage());
    }
}
