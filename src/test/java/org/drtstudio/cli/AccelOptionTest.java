package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt render --accel}, {@code --grid-cells} and {@code --grid-insert}: bad values are one line naming the
 * value, before any work; the paper's fixed r×r×r grid with either insertion renders; portals say what they built.
 */
class AccelOptionTest {
    @TempDir
    Path dir;

    @Test
    void anUnknownStructureIsRefusedWithTheChoices() {
        CliHarness cli = new CliHarness();
        Path out = dir.resolve("x.png");
        assertEquals(2, cli.drt("render", "src/test/resources/data/nff/balls_s1.nff", "--accel", "kd-tree", "-o", out.toString()));
        assertEquals("drt: --accel must be bvh, grid, octree, octree-report, brute, portals, got 'kd-tree'", cli.err().strip());
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

    @Test
    void anUnknownGridInsertionIsRefusedWithTheChoices() {
        CliHarness cli = new CliHarness();
        Path out = dir.resolve("x.png");
        assertEquals(2, cli.drt("render", "src/test/resources/data/nff/balls_s1.nff", "--accel", "grid", "--grid-insert", "spheres",
                "-o", out.toString()));
        assertEquals("drt: --grid-insert must be boxes or triangles, got 'spheres'", cli.err().strip());
        assertFalse(Files.exists(out));
    }

    @Test
    void theFixedGridRendersWithEitherInsertionAndTheSettingDoesNotOutliveTheCommand() throws Exception {
        for (String insertion : new String[]{"triangles", "boxes"}) {
            CliHarness cli = new CliHarness();
            Path out = dir.resolve(insertion + ".png");
            assertEquals(0, cli.drt("render", "src/test/resources/data/nff/balls_s1.nff", "--accel", "grid", "--grid-cells", "8",
                    "--grid-insert", insertion, "--backend", "cpu", "--width", "32", "--height", "24", "-o", out.toString()), cli.err());
            assertTrue(Files.size(out) > 0);
            assertEquals(org.drtstudio.accel.grid.GridResolution.fixed(8), org.drtstudio.accel.spatial.SpatialLayouts.settings().grid());
        }
        CliHarness plain = new CliHarness();
        assertEquals(0, plain.drt("render", "src/test/resources/data/nff/balls_s1.nff", "--accel", "grid", "--backend", "cpu",
                "--width", "32", "--height", "24", "-o", dir.resolve("plain.png").toString()), plain.err());
        assertEquals(org.drtstudio.accel.spatial.SpatialLayouts.Settings.DEFAULT, org.drtstudio.accel.spatial.SpatialLayouts.settings());
    }

    @Test
    void portalsSayWhatTheyBuiltOrThatTheSceneHasNoVoxels() throws Exception {
        CliHarness cli = new CliHarness();
        Path maze = dir.resolve("maze.png"), balls = dir.resolve("balls.png");
        assertEquals(0, cli.drt("render", "scenes/maze.vox", "--accel", "portals", "--backend", "cpu", "--width", "32",
                "--height", "24", "-o", maze.toString()), cli.err());
        assertTrue(cli.err().matches("(?s).*drt: portals: 1 voxel space, \\d+ divs, [0-9.]+ MB, built in \\d+ ms.*"), cli.err());
        assertTrue(Files.size(maze) > 0);
        CliHarness other = new CliHarness();
        assertEquals(0, other.drt("render", "src/test/resources/data/nff/balls_s1.nff", "--accel", "portals", "--backend", "cpu",
                "--width", "32", "--height", "24", "-o", balls.toString()), other.err());
        assertTrue(other.err().contains("drt: --accel portals: the scene has no voxel models; its meshes are walked as with --accel bvh"),
                other.err());
    }
}
