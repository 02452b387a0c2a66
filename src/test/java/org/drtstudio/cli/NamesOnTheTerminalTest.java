package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * File names are untrusted too (issue 37, item 4): a scene or output whose name holds ESC, BEL or
 * a line break must not clear the screen, ring or forge a line of what {@code drt} prints.
 */
class NamesOnTheTerminalTest {
    /** ESC[2J clears a terminal, BEL rings, and the line break would start a line of its own. */
    private static final String EVIL = "e\u001b[2Jv\nFORGED: done\u0007il";

    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    /** No control character but the line ends, and no line the name started. */
    private static void assertSafe(String printed) {
        for (String line : printed.split("\n", -1)) {
            for (char c : line.toCharArray()) assertFalse(Character.isISOControl(c), "control character " + (int) c + " in: " + line);
            assertFalse(line.startsWith("FORGED"), "a name forged a line: " + printed);
        }
    }

    @Test
    void controlBytesInSceneAndOutputNamesNeverReachTheTerminal() throws Exception {
        Path scene = dir.resolve(EVIL + ".nff");
        Files.copy(Path.of("scenes", "default.nff"), scene);
        Path out = dir.resolve(EVIL + ".png");
        assertEquals(0, cli.drt("render", scene.toString(), "-o", out.toString(), "--width", "16", "--height", "12"), cli.err());
        assertTrue(Files.isRegularFile(out), "the file itself keeps its name");
        assertTrue(cli.err().contains("wrote "), cli.err());
        assertSafe(cli.err());
        assertEquals(0, cli.drt("info", scene.toString()), cli.err());
        assertSafe(cli.err() + cli.out.toString());
        assertEquals(2, cli.drt("render", dir.resolve(EVIL + "-missing.nff").toString(), "-o", out.toString()));
        assertSafe(cli.err());
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
    }
}
