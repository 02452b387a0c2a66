package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** {@code drt render --accel} and {@code --grid-cells}: bad values are one line naming the value, before any work. */
class AccelOptionTest {
    @TempDir
    Path dir;

    @Test
    void anUnknownStructureIsRefusedWithTheChoices() {
        CliHarness cli = new CliHarness();
        Path out = dir.resolve("x.png");
        assertEquals(2, cli.drt("render", "src/test/resources/data/nff/balls_s1.nff", "--accel", "kd-tree", "-o", out.toString()));
        assertEquals("drt: --accel must be bvh, grid, octree, portals, got 'kd-tree'", cli.err().strip());
        assertFalse(Files.exists(out));
    }

    @Test
    void anAbsurdGridResolutionIsRefusedWithTheValue() {
        CliHarness cli = new CliHarness();
        Path out = dir.resolve("x.png");
        assertEquals(2, cli.drt("render", "src/test/resources/data/nff/balls_s1.nff", "--accel", "grid", "--grid-cells", "100000",
                "-o", out.toString()));
        assertEquals("drt: --grid-cells must be 1 to 1024, got 100000", cli.err().strip());
        assertFalse(Files.exists(out));
    }
}
