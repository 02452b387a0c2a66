package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt render --env FILE}: the shipped sky lights the scene and fills the background; a
 * missing, damaged or hostile picture is one line naming it and why, exit code 2, nothing written.
 */
class EnvironmentOptionTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();

    private int drt(String... args) {
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(2));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    @Test
    void theShippedSkyLightsTheSceneAndIsTheBackground() throws Exception {
        Path plain = dir.resolve("plain.png"), lit = dir.resolve("lit.png");
        String[] base = {"render", "scenes/default.nff", "--width", "48", "--height", "32", "--spp", "4", "--eye", "0,1.5,6",
                "--look", "0,1.6,0", "--fov", "70"};
        assertEquals(0, drt(concat(base, "-o", plain.toString())), err.toString());
        assertEquals(0, drt(concat(base, "-o", lit.toString(), "--env", "assets/sky/sunny-sky.hdr", "--env-strength", "2",
                "--env-rotation", "90")), err.toString());
        BufferedImage a = PngWriter.read(plain), b = PngWriter.read(lit);
        // The top row looks at the sky: the scene's background colour (a blue-grey, 0x596176) before, the sky's
        // blue at twice its stored radiance after (about 0.7 of blue: 0xdb).
        int before = a.getRGB(24, 0), after = b.getRGB(24, 0);
        assertTrue((after & 0xff) > (before & 0xff) + 60, "the sky is the background: " + Integer.toHexString(before) + " -> "
                + Integer.toHexString(after));
        assertTrue((after & 0xff) > (after >> 16 & 0xff) + 40, "and it is blue: " + Integer.toHexString(after));
    }

    @Test
    void aMissingPictureIsOneLineAndExitCode2() {
        Path out = dir.resolve("x.png");
        assertEquals(2, drt("render", "scenes/default.nff", "--env", dir.resolve("no-sky.hdr").toString(), "-o", out.toString()));
        assertEquals("drt: --env " + dir.resolve("no-sky.hdr") + ": environment picture not found", err.toString().strip());
        assertFalse(Files.exists(out));
    }

    @Test
    void damagedOrHostilePicturesAreOneLineNamingTheFileAndTheReason() throws Exception {
        Path garbage = Files.write(dir.resolve("garbage.hdr"), new byte[]{1, 2, 3, 4, 5, 6, 7, 8, 9});
        Path huge = Files.writeString(dir.resolve("huge.hdr"), "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 200000 +X 200000\n");
        Path cut = Files.writeString(dir.resolve("cut.hdr"), "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 64 +X 128\n\u0002\u0002\u0000");
        for (Path bad : new Path[]{garbage, huge, cut, dir}) {
            err.getBuffer().setLength(0);
            Path out = dir.resolve("x.png");
            assertEquals(2, drt("render", "scenes/default.nff", "--env", bad.toString(), "-o", out.toString()), err.toString());
            String line = err.toString().strip();
            assertFalse(line.contains("\n"), "one line: " + line);
            assertTrue(line.startsWith("drt: --env " + bad + ": "), line);
            assertTrue(line.length() > ("drt: --env " + bad + ": ").length() + 10, "with a reason: " + line);
            assertFalse(line.contains("Exception"), line);
            assertFalse(Files.exists(out));
        }
    }

    @Test
    void rotationOrStrengthWithoutAnEnvironmentIsAUsageError() {
        assertEquals(2, drt("render", "scenes/default.nff", "--env-strength", "2", "-o", dir.resolve("x.png").toString()));
        assertTrue(err.toString().contains("--env FILE"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, drt("render", "scenes/default.nff", "--env", "assets/sky/sunny-sky.hdr", "--env-strength", "-1",
                "-o", dir.resolve("x.png").toString()));
        assertTrue(err.toString().contains("--env-strength must be between 0"), err.toString());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
