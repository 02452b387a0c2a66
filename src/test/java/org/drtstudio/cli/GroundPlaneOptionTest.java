package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt render --ground-plane y=H[,material=M][,repeat=S]|none}: the plane shows where the
 * scene had sky, {@code none} takes baddie's away, and bad words are one line naming the word and
 * why, exit code 2, nothing written.
 */
class GroundPlaneOptionTest {
    @TempDir
    Path dir;
    private final CliHarness cli = CliHarness.twin();

    private int drt(String... args) {
        return cli.drt(args);
    }

    @Test
    void aPlaneBelowTheSceneFillsTheLowerSkyAndNoneTakesBaddiesAway() throws Exception {
        Path plain = dir.resolve("plain.png"), grounded = dir.resolve("ground.png"), bare = dir.resolve("bare.png");
        // Looking level from above the default scene: its lower corner sees past the scene's floor, into the background.
        String[] base = {"render", "scenes/default.nff", "--width", "48", "--height", "32", "--eye", "0,3,12", "--look", "0,2,0", "--fov", "90"};
        assertEquals(0, drt(concat(base, "-o", plain.toString())), cli.err());
        assertEquals(0, drt(concat(base, "-o", grounded.toString(), "--ground-plane", "y=-1,material=0")), cli.err());
        BufferedImage a = PngWriter.read(plain), b = PngWriter.read(grounded);
        assertNotEquals(a.getRGB(0, 31), b.getRGB(0, 31), "the plane fills the lower corner");
        assertEquals(a.getRGB(24, 0), b.getRGB(24, 0), "the sky above stays");
        assertEquals(0, drt("render", "scenes/baddie.json", "--width", "48", "--height", "27", "--ground-plane", "none",
                "-o", bare.toString()), cli.err());
        BufferedImage c = PngWriter.read(bare);
        assertEquals(c.getRGB(24, 0), c.getRGB(24, 26), "without its ground, baddie's lower edge is the sky's colour");
    }

    @Test
    void badWordsAreOneLineAndExitCode2() {
        String[][] cases = {{"y=abc", "'y=abc': not a number"}, {"material=1", "height y=H is missing"},
                {"y=0,colour=red", "unknown key 'colour'"}, {"y=0,repeat=0", "texture size must be a finite length > 0"},
                {"y=0,material=-2", "a material index is ≥ 0"}, {"y=0,material=7", "material 7 does not exist"},
                {"y=1e39", "not a finite number"}, {"y", "expected KEY=VALUE"}};
        for (String[] c : cases) {
            Path out = dir.resolve("x.png");
            assertEquals(2, drt("render", "scenes/default.nff", "--width", "8", "--height", "8", "--ground-plane", c[0], "-o", out.toString()), c[0]);
            String message = cli.err().strip();
            assertEquals(1, message.lines().count(), message);
            assertTrue(message.contains("--ground-plane") && message.contains(c[1]), c[0] + " -> " + message);
            assertFalse(Files.exists(out), "nothing written for " + c[0]);
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
