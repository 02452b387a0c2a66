package org.drtstudio.app;

import org.drtstudio.cli.DrtCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt render --gpus} as a user runs it, through the real back ends: a frame split across two
 * contexts of this machine's one device (the code path of two GPUs; llvmpipe in CI) is written byte
 * for byte as on one, picture and AOVs; selections the machine cannot meet are one line.
 */
@Timeout(600)
class GpusOptionTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();

    private int drt(String... args) {
        err.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create(new Backends());
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    @Test
    void twoContextsWriteTheOneContextFilesByteForByte() throws Exception {
        String[] common = {"render", "scenes/default.nff", "--backend", "gpu", "--width", "70", "--height", "44", "--spp", "3",
                "--aperture", "0.15", "--focus", "6.9", "--light-radius", "1", "--aov", "depth,normal,albedo"};
        Path one = dir.resolve("one.png"), two = dir.resolve("two.png");
        assertEquals(0, drt(concat(common, "--gpus", "1", "-o", one.toString())), err.toString());
        assertEquals(0, drt(concat(common, "--gpus", "0,0", "-o", two.toString())), err.toString());
        assertTrue(err.toString().contains("GPU x2 (devices [0, 0], a band per GPU"), err.toString());
        for (String suffix : new String[]{".png", ".depth.pfm", ".normal.pfm", ".albedo.pfm"}) {
            byte[] a = Files.readAllBytes(dir.resolve("one" + suffix)), b = Files.readAllBytes(dir.resolve("two" + suffix));
            assertArrayEquals(a, b, suffix + " written on two contexts differs from one context's");
        }
    }

    @Test
    void adaptiveSamplingAndDenoisingOnTwoContextsWriteTheOneContextFiles() throws Exception {
        String[] common = {"render", "scenes/default.nff", "--backend", "gpu", "--width", "48", "--height", "30", "--spp", "32",
                "--light-radius", "1", "--noise-threshold", "0.1", "--denoise", "--aov", "samples"};
        Path one = dir.resolve("a1.png"), two = dir.resolve("a2.png");
        assertEquals(0, drt(concat(common, "--gpus", "1", "-o", one.toString())), err.toString());
        assertEquals(0, drt(concat(common, "--gpus", "0,0", "-o", two.toString())), err.toString());
        for (String suffix : new String[]{".png", ".samples.pfm"}) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("a1" + suffix)), Files.readAllBytes(dir.resolve("a2" + suffix)), suffix);
        }
    }

    @Test
    void selectionsTheMachineCannotMeetAreOneLine() {
        Path out = dir.resolve("x.png");
        assertEquals(2, drt("render", "scenes/default.nff", "--gpus", "two", "-o", out.toString()));
        assertEquals("drt: --gpus must be all, a count of at least 1, or device numbers like 0,2 or device=1; got 'two'", err.toString().strip());
        // asking for more GPUs than the machine has is bad usage (exit code 2), not a failed render (issue 37, item 9)
        for (String gpus : new String[]{"64", "3"}) {
            assertEquals(2, drt("render", "scenes/default.nff", "--backend", "gpu", "--gpus", gpus, "-o", out.toString()));
            assertTrue(err.toString().strip().matches("drt: --gpus " + gpus + ": this machine has .*"), err.toString());
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
        }
        assertFalse(Files.exists(out));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
