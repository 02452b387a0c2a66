package org.drtstudio.cli;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** {@code drt render --noise-threshold T} as a user runs it (CPU back end): fewer samples where the picture is clean, and where they went. */
class NoiseThresholdOptionTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    private Path scene() throws Exception {
        return org.drtstudio.testing.TestScenes.writePenumbraNff(dir, 40, 30);
    }

    private int render(Path scene, String name, String... extra) {
        String[] base = {"render", scene.toString(), "-o", dir.resolve(name + ".png").toString(), "--backend", "cpu", "--light-radius", "1.5"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return cli.drt(args);
    }

    @Test
    void stopsCleanPixelsEarlyReportsWhereTheSamplesWentAndWritesTheMap() throws Exception {
        Path scene = scene();
        assertEquals(0, render(scene, "adaptive", "--spp", "128", "--noise-threshold", "0.02", "--aov", "samples"), cli.err());
        String report = cli.err();
        assertTrue(report.contains("up to 128 spp, noise threshold 0.02"), report);
        assertTrue(report.contains("samples per pixel: mean "), report);
        assertTrue(report.contains("min 16, max 128"), report);
        assertTrue(report.contains("pixels stopped at: 16 spp "), report);
        assertTrue(report.contains("128 spp") && report.contains("(not converged)"), report);
        assertTrue(report.contains("mean spp by region (4x4, top row first):"), report);

        int[] size = new int[3];
        float[] counts = PfmWriter.read(dir.resolve("adaptive.samples.pfm"), size);
        assertArrayEquals(new int[]{40, 30, 1}, size);
        double sum = 0;
        int early = 0;
        for (float c : counts) {
            assertTrue(c >= 16 && c <= 128, "count " + c);
            sum += c;
            if (c < 128) early++;
        }
        assertTrue(early > counts.length / 4, "pixels that stopped early: " + early + " of " + counts.length);
        assertTrue(report.contains(String.format(java.util.Locale.ROOT, "mean %.1f", sum / counts.length)), report);
        BufferedImage heat = PngWriter.read(dir.resolve("adaptive.samples.png"));
        assertEquals(40, heat.getWidth());
        assertEquals(30, heat.getHeight());
        // The heat map tells the counts apart: brighter where more samples were taken.
        int lo = -1, hi = -1;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 16) lo = i;
            if (counts[i] == 128) hi = i;
        }
        assertTrue(lo >= 0 && hi >= 0);
        assertTrue(brightness(heat, hi % 40, hi / 40) > brightness(heat, lo % 40, lo / 40));
    }

    private static int brightness(BufferedImage img, int x, int y) {
        int p = img.getRGB(x, y);
        return ((p >> 16) & 255) + ((p >> 8) & 255) + (p & 255);
    }

    @Test
    void zeroIsOffAndGivesTheFixedCountPicture() throws Exception {
        Path scene = scene();
        assertEquals(0, render(scene, "fixed", "--spp", "24"), cli.err());
        assertEquals(0, render(scene, "off", "--spp", "24", "--noise-threshold", "0", "--aov", "samples"), cli.err());
        assertFalse(cli.err().contains("samples per pixel"), "no report when off: " + cli.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("fixed.png")), Files.readAllBytes(dir.resolve("off.png")));
        for (float c : PfmWriter.read(dir.resolve("off.samples.pfm"), new int[3])) assertEquals(24f, c);
    }

    @Test
    void tooFewSamplesToStopAnyPixelIsANote() throws Exception {
        assertEquals(0, render(scene(), "few", "--spp", "8", "--noise-threshold", "0.05"), cli.err());
        assertTrue(cli.err().contains("note: --noise-threshold stops pixels after at least 16 samples; with --spp 8"), cli.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-0.1", "NaN", "1.5", "Infinity"})
    void absurdThresholdsAreOneLineNamingTheValue(String value) throws Exception {
        assertEquals(2, render(scene(), "bad", "--spp", "64", "--noise-threshold", value));
        String err = cli.err().strip();
        assertFalse(err.contains("\n"), err);
        assertTrue(err.startsWith("drt: --noise-threshold must be a relative error between 0 (off) and 1"), err);
        assertTrue(err.endsWith("got " + Double.parseDouble(value)), err);
        assertFalse(Files.exists(dir.resolve("bad.png")));
    }

    @Test
    void aThresholdThatIsNoNumberIsOneLine() throws Exception {
        assertEquals(2, render(scene(), "bad", "--noise-threshold", "low"));
        String err = cli.err().strip();
        assertTrue(err.contains("--noise-threshold") && err.contains("low"), err);
        assertFalse(err.contains("Exception"), err);
    }
}
