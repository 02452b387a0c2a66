package org.drtstudio.io.project;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.GroundPlane;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The analytic ground plane in projects: an optional settings object (point, normal, material,
 * textureSize) that round-trips, is not written when absent, and whose hostile values are refused
 * with one line naming the file, the line and the field.
 */
class GroundPlaneFormatTest {
    @TempDir
    Path dir;

    @Test
    void absentIsNoneAndNoneIsNotWritten() throws Exception {
        SceneModel model = ProjectRoundTripTest.richWithModel(dir);
        assertNull(model.settings().ground());
        Path file = dir.resolve("old.json");
        ProjectFiles.write(model, file);
        assertFalse(Files.readString(file).contains("groundPlane"), "files without a ground plane stay byte-identical");
    }

    @Test
    void aTiltedPlaneRoundTrips() throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        GroundPlane plane = new GroundPlane(new Vec3(1.5f, -0.25f, 2), new Vec3(0.1f, 1, -0.2f), 1, 2.5f);
        SceneModel model = base.withSettings(base.settings().withGround(plane));
        Path file = dir.resolve("ground.json");
        ProjectFiles.write(model, file);
        assertTrue(Files.readString(file).contains("\"groundPlane\""));
        GroundPlane back = ProjectFiles.read(file).model().settings().ground();
        assertEquals(plane, back);
        assertEquals(model.settings(), ProjectFiles.read(file).model().settings());
    }

    @Test
    void absentKeysAreTheDefaults() throws Exception {
        Path file = withGround("{\"material\": 0}");
        GroundPlane plane = ProjectFiles.read(file).model().settings().ground();
        assertEquals(GroundPlane.atHeight(0, 0), plane);
    }

    @Test
    void hostileValuesAreRefusedWithTheFileLineAndField() throws Exception {
        assertRefused("{\"material\": 0, \"normal\": [0, 0, 0]}", "normal", "non-zero");
        assertRefused("{\"material\": 0, \"point\": [0, 1e30, 0]}", "point", "within");
        assertRefused("{\"material\": 0, \"point\": [0, 1e39, 0]}", "point", "too large");
        assertRefused("{\"material\": 0, \"textureSize\": 0}", "textureSize", "> 0");
        assertRefused("{\"material\": -1}", "material", "≥ 0");
        assertRefused("{\"material\": 99}", "material", "does not exist");
        assertRefused("{\"normal\": [0, 1, 0]}", "material", "");
        assertRefused("{\"material\": 0, \"height\": 3}", "height", "");
        assertRefused("{\"material\": \"floor\"}", "material", "");
    }

    private void assertRefused(String ground, String field, String reason) throws Exception {
        Path file = withGround(ground);
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ProjectFiles.read(file), ground);
        String m = e.getMessage();
        assertEquals(1, m.lines().count(), m);
        assertTrue(m.startsWith(file + ":"), m);
        assertTrue(m.contains(field), ground + " -> " + m);
        assertTrue(m.contains(reason), ground + " -> " + m);
    }

    /** A project whose settings hold {@code ground} as their groundPlane object, written as text. */
    private Path withGround(String ground) throws Exception {
        SceneModel base = ProjectRoundTripTest.richWithModel(dir);
        Path file = dir.resolve("g.json");
        ProjectFiles.write(base, file);
        String text = Files.readString(file);
        int settings = text.indexOf("\"settings\": {") + "\"settings\": {".length();
        Files.writeString(file, text.substring(0, settings) + "\n    \"groundPlane\": " + ground + "," + text.substring(settings));
        return file;
    }
}
