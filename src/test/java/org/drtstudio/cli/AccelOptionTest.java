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

    /** The article's options reach the renderer: the portal build, every candidate, nearest-light shadows; bad words are one line. */
    @Test
    void portalBuildAndShadowLightOptions() throws Exception {
        CliHarness cli = new CliHarness();
        Path out = dir.resolve("textured.png");
        assertEquals(0, cli.drt("render", "scenes/textured-maze.json", "--accel", "portals", "--backend", "cpu", "--width", "32",
                "--height", "24", "--portal-build", "wall-term", "--portal-candidates", "all", "--shadow-lights", "nearest",
                "-o", out.toString()), cli.err());
        assertTrue(cli.err().contains("built in") && cli.err().contains("(length over exit chance, every covering div)"), cli.err());
        assertTrue(Files.size(out) > 0);
        assertEquals(new org.drtstudio.accel.voxel.PortalBuild(org.drtstudio.accel.voxel.PortalChoice.LENGTH_OVER_EXIT_CHANCE,
                org.drtstudio.accel.voxel.PortalBuilder.ALL_CANDIDATES), org.drtstudio.accel.voxel.PortalShapes.defaultBuild());
        for (String[] bad : new String[][]{{"--portal-candidates", "0"}, {"--portal-build", "best"}, {"--shadow-lights", "some"}}) {
            CliHarness b = new CliHarness();
            assertEquals(2, b.drt("render", "scenes/maze.vox", "--accel", "portals", "--backend", "cpu", bad[0], bad[1],
                    "-o", dir.resolve("bad.png").toString()), b.err());
            assertEquals(1, b.err().strip().lines().count(), b.err());
            assertTrue(b.err().contains(bad[0]) && b.err().contains(bad[1]), b.err());
        }
        CliHarness plain = new CliHarness();
        assertEquals(0, plain.drt("render", "scenes/maze.vox", "--accel", "portals", "--backend", "cpu", "--width", "16",
                "--height", "12", "-o", dir.resolve("plain.png").toString()), plain.err());
        assertEquals(org.drtstudio.accel.voxel.PortalBuild.DEFAULT, org.drtstudio.accel.voxel.PortalShapes.defaultBuild());
    }
}
