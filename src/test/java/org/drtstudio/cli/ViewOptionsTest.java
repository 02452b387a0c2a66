package org.drtstudio.cli;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.ToneMapper;
import org.drtstudio.render.ViewTransform;
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
 * {@code drt render --exposure/--view}: the PNG is the traced radiance through the view transform;
 * an EXR stays scene-referred whatever they say.
 */
class ViewOptionsTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();

    private int drt(String... args) {
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(2));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    private int[] pixels(Path png) throws Exception {
        BufferedImage img = PngWriter.read(png);
        return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
    }

    @Test
    void thePictureIsTheRadianceThroughTheViewAndTheExrStaysSceneReferred() throws Exception {
        String[] base = {"render", "scenes/default.nff", "--width", "32", "--height", "24", "--aov", "noisy"};
        Path plain = dir.resolve("plain.png"), agx = dir.resolve("agx.png");
        assertEquals(0, drt(concat(base, "-o", plain.toString())), err.toString());
        assertEquals(0, drt(concat(base, "-o", agx.toString(), "--exposure", "1.5", "--view", "agx")), err.toString());
        float[] radiance = PfmWriter.read(dir.resolve("agx.noisy.pfm"), new int[3]);
        byte[] expected = new ViewTransform(1.5f, ViewTransform.View.AGX).toSrgb(radiance, 32 * 24);
        int[] got = pixels(agx), before = pixels(plain);
        int differ = 0;
        for (int i = 0; i < 32 * 24; i++) {
            assertEquals(expected[4 * i] & 0xff, got[i] >> 16 & 0xff, "red of pixel " + i);
            assertEquals(expected[4 * i + 2] & 0xff, got[i] & 0xff, "blue of pixel " + i);
            if (got[i] != before[i]) differ++;
            assertEquals(ToneMapper.toSrgb8(radiance[3 * i + 1]), before[i] >> 8 & 0xff, "the standard view is the plain clamp");
        }
        assertTrue(differ > 32 * 24 / 2, "the view changed the picture: " + differ);
        // EXR: the same radiance whatever the exposure and view
        Path exr1 = dir.resolve("a.exr"), exr2 = dir.resolve("b.exr");
        assertEquals(0, drt("render", "scenes/default.nff", "--width", "8", "--height", "6", "-o", exr1.toString(), "--exr-precision", "float"));
        assertEquals(0, drt("render", "scenes/default.nff", "--width", "8", "--height", "6", "-o", exr2.toString(), "--exr-precision", "float",
                "--exposure", "3", "--view", "agx"));
        var a = org.drtstudio.io.image.exr.TinyExr.decode(Files.readAllBytes(exr1));
        var b = org.drtstudio.io.image.exr.TinyExr.decode(Files.readAllBytes(exr2));
        assertArrayEquals(a.channel("R").values(), b.channel("R").values());
    }

    @Test
    void badViewsAndExposuresAreOneLine() {
        assertEquals(2, drt("render", "scenes/default.nff", "-o", dir.resolve("x.png").toString(), "--view", "aces"));
        assertTrue(err.toString().contains("--view is standard or agx, got 'aces'"), err.toString());
        assertEquals(2, drt("render", "scenes/default.nff", "-o", dir.resolve("x.png").toString(), "--exposure", "1e9"));
        assertTrue(err.toString().contains("--exposure: exposure must be a finite number of stops within ±64"), err.toString());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
