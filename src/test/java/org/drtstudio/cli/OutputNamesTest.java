package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** Output names as a user or a script writes them (issue 37, item 9). */
class OutputNamesTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    private long filesIn(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.count();
        }
    }

    @Test
    void theLastRunOfHashesIsTheFrameNumber() throws Exception {
        // as Blender does: the last run of '#' is the number; an earlier one is part of the name
        Path pattern = dir.resolve("v##_####.png");
        assertEquals(0, cli.drt("render", "scenes/default.nff", "--frames", "1-2", "-o", pattern.toString(),
                "--width", "8", "--height", "6"), cli.err());
        assertTrue(Files.isRegularFile(dir.resolve("v##_0001.png")), "frame 1");
        assertTrue(Files.isRegularFile(dir.resolve("v##_0002.png")), "frame 2");
        assertEquals(2, filesIn(dir));
        assertEquals("a_####_0007.png", RenderCommand.frameName("a_####_####.png", 7));
        assertEquals("x12345.png", RenderCommand.frameName("x##.png", 12345), "a number wider than its run");
    }

    @Test
    void theLongestLegalNameIsRenderedAndWritten() throws Exception {
        Path out = dir.resolve("a".repeat(251) + ".png"); // 255 bytes: its temporary name used to be too long to create
        assertEquals(0, cli.drt("render", "scenes/default.nff", "-o", out.toString(), "--width", "8", "--height", "6"), cli.err());
        assertTrue(Files.isRegularFile(out));
        assertEquals(1, filesIn(dir), "no temporary file left");
    }

    @Test
    void aNameNoFolderTakesIsRefusedBeforeTheSceneIsRead() throws Exception {
        Path out = dir.resolve("a".repeat(252) + ".png");
        assertEquals(2, cli.drt("render", "scenes/default.nff", "-o", out.toString(), "--width", "8", "--height", "6"));
        String err = cli.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.endsWith("the file name is 256 bytes long; a folder takes names of at most 255"), err);
        assertFalse(err.contains("triangles"), "refused before the scene was read: " + err);
        assertEquals(0, filesIn(dir));
    }
}
