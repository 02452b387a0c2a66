package org.drtstudio.io.project;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The environment light in projects: an optional settings object, its picture stored relative to
 * the project as textures are, rotation and strength only when not 0 and 1.
 */
class EnvironmentFormatTest {
    @TempDir
    Path dir;

    @Test
    void absentIsNoneAndNoneIsNotWritten() throws Exception {
        SceneModel model = ProjectRoundTripTest.richWithModel(dir);
        assertNull(model.settings().environment());
        Path file = dir.resolve("old.json");
        ProjectFiles.write(model, file);
        assertFalse(Files.readString(file).contains("environment"), "files without an environment stay byte-identical");
    }

    @Test
    void anEnvironmentIsSavedRelativeToTheProjectAndReopened() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        Path sky = Files.createDirectories(dir.resolve("skies")).resolve("sky.hdr");
        Files.write(sky, new byte[]{1});
        SceneModel model = base.withSettings(base.settings().withEnvironment(new Environment(sky.toString(), 42.5f, 0.75f)));
        Path file = dir.resolve("lit.json");
        ProjectFiles.write(model, file);
        String text = Files.readString(file);
        assertTrue(text.contains("\"file\": \"skies/sky.hdr\""), text);
        assertEquals(model.settings(), ProjectFiles.read(file).model().settings());
        // Moved with its folder, the project still finds its sky.
        Path moved = Files.move(dir, dir.resolveSibling(dir.getFileName() + "-moved"));
        try {
            Environment env = ProjectFiles.read(moved.resolve("lit.json")).model().settings().environment();
            assertEquals(moved.resolve("skies/sky.hdr").toString(), env.path());
            assertEquals(42.5f, env.rotationDegrees());
            assertEquals(0.75f, env.strength());
        } finally {
            Files.move(moved, dir);
        }
    }

    @Test
    void defaultsAreNotWrittenAndAbsentKeysAreTheDefaults() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        SceneModel model = base.withSettings(base.settings().withEnvironment(Environment.of(dir.resolve("sky.exr").toString())));
        Path file = dir.resolve("plain.json");
        ProjectFiles.write(model, file);
        String text = Files.readString(file);
        int at = text.indexOf("\"environment\"");
        String environment = text.substring(at, text.indexOf('}', at) + 1);
        assertFalse(environment.contains("\"rotation\"") || environment.contains("\"strength\""), environment);
        assertEquals(model.settings(), ProjectFiles.read(file).model().settings());
    }

    @Test
    void aBadStrengthOrKeyIsRefusedWithTheFileAndLine() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        Path file = dir.resolve("bad.json");
        ProjectFiles.write(base.withSettings(base.settings().withEnvironment(new Environment(dir.resolve("s.hdr").toString(), 0, 2))), file);
        String good = Files.readString(file);
        Files.writeString(file, good.replace("\"strength\": 2", "\"strength\": -3"));
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ProjectFiles.read(file));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("environment strength must be between 0"), e.getMessage());
        Files.writeString(file, good.replace("\"strength\": 2", "\"sun\": 2"));
        e = assertThrows(SceneFormatException.class, () -> ProjectFiles.read(file));
        assertTrue(e.getMessage().contains("sun"), e.getMessage());
    }
}
