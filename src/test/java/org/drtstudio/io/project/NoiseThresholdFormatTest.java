package org.drtstudio.io.project;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** The preview's noise threshold: an optional settings key, 0 (off) when absent. */
class NoiseThresholdFormatTest {
    @TempDir
    Path dir;

    @Test
    void absentIsOffAndOffIsNotWritten() throws Exception {
        SceneModel model = ProjectRoundTripTest.richWithModel(dir);
        assertEquals(0f, model.settings().noiseThreshold());
        Path file = dir.resolve("old.json");
        ProjectFiles.write(model, file);
        assertFalse(Files.readString(file).contains("noiseThreshold"), "files without a threshold stay byte-identical");
        assertEquals(0f, ProjectFiles.read(file).model().settings().noiseThreshold());
    }

    @Test
    void aChosenThresholdIsSavedAndReopened() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        SceneModel model = base.withSettings(base.settings().withNoiseThreshold(0.02f));
        Path file = dir.resolve("noise.json");
        ProjectFiles.write(model, file);
        assertTrue(Files.readString(file).contains("\"noiseThreshold\": 0.02"), Files.readString(file));
        assertEquals(model.settings(), ProjectFiles.read(file).model().settings());
    }

    @Test
    void anAbsurdThresholdIsRefusedWithTheFileLineAndValue() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        Path file = dir.resolve("bad.json");
        ProjectFiles.write(base.withSettings(base.settings().withNoiseThreshold(0.02f)), file);
        Files.writeString(file, Files.readString(file).replace("\"noiseThreshold\": 0.02", "\"noiseThreshold\": -4"));
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ProjectFiles.read(file));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("noise threshold must be a relative error between 0 (off) and 1.0, got -4.0"), e.getMessage());
    }
}
