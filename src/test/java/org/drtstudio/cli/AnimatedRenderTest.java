package org.drtstudio.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** drt render on an animated project: --time, --frames, determinism of frames. */
class AnimatedRenderTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();
    private Path orbit;

    @BeforeEach
    void copyTheDemo() throws Exception {
        Files.copy(Path.of("scenes/default.nff"), dir.resolve("default.nff"));
        orbit = dir.resolve("orbit.json");
        Files.copy(Path.of("scenes/orbit.json"), orbit);
    }

    private byte[] still(String name, String... extra) throws Exception {
        Path png = dir.resolve(name);
        String[] base = {"render", orbit.toString(), "-o", png.toString(), "--width", "48", "--height", "27", "--backend", "cpu"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        assertEquals(0, cli.drt(args), cli.err());
        return Files.readAllBytes(png);
    }

    @Test
    void timeMovesTheScene() throws Exception {
        byte[] t0 = still("t0.png"), t0again = still("t0b.png", "--time", "0"), t2 = still("t2.png", "--time", "2", "--shutter", "0,0");
        assertArrayEquals(t0, t0again, "time 0 is the default");
        assertFalse(java.util.Arrays.equals(t0, t2), "the camera and the moon move between 0 s and 2 s");
        // Frame 48 at 24 fps is 2 s; with one sample per pixel and the shutter closed (no random
        // shutter times) the seed plays no part.
        assertEquals(0, cli.drt("render", orbit.toString(), "-o", dir.resolve("f_####.png").toString(), "--width", "48",
                "--height", "27", "--frames", "48-48", "--shutter", "0,0"), cli.err());
        assertArrayEquals(t2, Files.readAllBytes(dir.resolve("f_0048.png")));
    }

    @Test
    void aFrameRendersTheSameAloneOrInASequence() throws Exception {
        String[] common = {"--width", "40", "--height", "24", "--spp", "3", "--seed", "5", "--backend", "cpu"};
        String seq = dir.resolve("seq_####.png").toString(), one = dir.resolve("one_####.png").toString();
        assertEquals(0, cli.drt(concat(new String[]{"render", orbit.toString(), "-o", seq, "--frames", "0-3"}, common)), cli.err());
        assertEquals(0, cli.drt(concat(new String[]{"render", orbit.toString(), "-o", one, "--frames", "2-2"}, common)), cli.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("seq_0002.png")), Files.readAllBytes(dir.resolve("one_0002.png")));
        assertFalse(Files.exists(dir.resolve("one_0001.png")));
        for (int f = 0; f < 3; f++) {
            assertFalse(java.util.Arrays.equals(Files.readAllBytes(dir.resolve("seq_000" + f + ".png")),
                    Files.readAllBytes(dir.resolve("seq_000" + (f + 1) + ".png"))), "frames " + f + " and " + (f + 1));
        }
    }

    @Test
    void aSequenceSaysEachFrameOnceInOrderAndStopsAtOneItCannotWrite() throws Exception {
        String pattern = dir.resolve("seq_####.png").toString();
        String[] size = {"--width", "24", "--height", "16", "--backend", "cpu"};
        assertEquals(0, cli.drt(concat(new String[]{"render", orbit.toString(), "-o", pattern, "--frames", "0-4"}, size)), cli.err());
        int at = -1;
        for (int f = 0; f <= 4; f++) {
            String wrote = "drt: wrote " + dir.resolve("seq_000" + f + ".png");
            int next = cli.err().indexOf(wrote);
            assertTrue(next > at, "frame " + f + " said after the one before: " + cli.err());
            assertEquals(next, cli.err().lastIndexOf(wrote), "said once");
            assertTrue(Files.size(dir.resolve("seq_000" + f + ".png")) > 0);
            at = next;
        }

        // Frame 2's place is taken by a folder: the frames before it stay, nothing after it is written.
        String other = dir.resolve("other_####.png").toString();
        Files.createDirectory(dir.resolve("other_0002.png"));
        assertEquals(1, cli.drt(concat(new String[]{"render", orbit.toString(), "-o", other, "--frames", "0-4"}, size)));
        assertTrue(cli.err().contains("other_0002.png"), cli.err());
        assertEquals(1, cli.err().lines().filter(l -> l.contains("other_0002.png")).count(), "one line: " + cli.err());
        assertTrue(Files.size(dir.resolve("other_0000.png")) > 0 && Files.size(dir.resolve("other_0001.png")) > 0);
        assertFalse(Files.exists(dir.resolve("other_0003.png")) || Files.exists(dir.resolve("other_0004.png")), "stopped at frame 2");
    }

    @Test
    void theShippedDemoRendersItsFirstFrames() throws Exception {
        String pattern = dir.resolve("demo_####.png").toString();
        assertEquals(0, cli.drt("render", "scenes/orbit.json", "--frames", "0-3", "-o", pattern, "--width", "32", "--height", "18",
                "--backend", "cpu"), cli.err());
        for (int f = 0; f <= 3; f++) assertTrue(Files.size(dir.resolve("demo_000" + f + ".png")) > 0);
        assertEquals(0, cli.drt("info", "scenes/orbit.json"), cli.err());
    }

    @Test
    void timeAndFramesTogetherAreRejected() {
        assertEquals(2, cli.drt("render", orbit.toString(), "--time", "1", "--frames", "0-1", "-o", dir.resolve("x_####.png").toString()));
        assertTrue(cli.err().contains("--time") && cli.err().contains("--frames"), cli.err());
        assertEquals(2, cli.drt("render", orbit.toString(), "--time", "NaN", "-o", dir.resolve("x.png").toString()));
        assertTrue(cli.err().contains("NaN"), cli.err());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
