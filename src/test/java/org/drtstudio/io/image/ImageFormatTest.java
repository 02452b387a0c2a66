package org.drtstudio.io.image;

import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.OutputProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** {@code x.jpg} holds JPEG bytes and {@code x.png} PNG bytes; any other name is refused with the supported list. */
class ImageFormatTest {
    @TempDir
    Path dir;

    private static byte[] gradient(int w, int h) {
        byte[] rgba = new byte[4 * w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = 4 * (y * w + x);
                rgba[i] = (byte) (x * 255 / (w - 1));
                rgba[i + 1] = (byte) (y * 255 / (h - 1));
                rgba[i + 2] = 64;
                rgba[i + 3] = (byte) 255;
            }
        }
        return rgba;
    }

    @Test
    void jpegNamesGetJpegBytesThatDecodeToThePicture() throws Exception {
        byte[] rgba = gradient(64, 32);
        for (String name : new String[]{"x.jpg", "y.JPEG"}) {
            Path f = dir.resolve(name);
            ImageFormat format = ImageFormat.forFile(f);
            assertEquals(ImageFormat.JPEG, format);
            AtomicFileWriter.write(f, format.body(64, 32, rgba));
            byte[] bytes = Files.readAllBytes(f);
            assertEquals(0xFF, bytes[0] & 0xff);
            assertEquals(0xD8, bytes[1] & 0xff, "JPEG start-of-image marker");
            BufferedImage back = PngWriter.read(f);
            assertEquals(64, back.getWidth());
            int worst = 0;
            for (int y = 0; y < 32; y++) {
                for (int x = 0; x < 64; x++) {
                    int p = back.getRGB(x, y), i = 4 * (y * 64 + x);
                    worst = Math.max(worst, Math.abs(((p >> 16) & 0xff) - (rgba[i] & 0xff)));
                    worst = Math.max(worst, Math.abs(((p >> 8) & 0xff) - (rgba[i + 1] & 0xff)));
                }
            }
            assertTrue(worst <= 12, "JPEG at quality 0.95 stays within 12 levels of a smooth gradient, was " + worst);
        }
    }

    @Test
    void pngNamesGetLosslessPng() throws Exception {
        byte[] rgba = gradient(16, 16);
        Path f = dir.resolve("x.png");
        AtomicFileWriter.write(f, ImageFormat.forFile(f).body(16, 16, rgba));
        byte[] bytes = Files.readAllBytes(f);
        assertEquals(0x89, bytes[0] & 0xff);
        assertEquals('P', bytes[1]);
        BufferedImage back = PngWriter.read(f);
        assertEquals(rgba[4 * 17] & 0xff, (back.getRGB(1, 1) >> 16) & 0xff);
    }

    @Test
    void aLargePngDecodesToEveryPixel() throws Exception {
        // Large enough that the encoder deflates it in several segments on several threads; odd sides, noise and flat parts.
        int w = 1283, h = 717;
        byte[] rgba = new byte[4 * w * h];
        java.util.Random random = new java.util.Random(3);
        for (int i = 0; i < w * h; i++) {
            boolean flat = (i / w) % 100 < 40;
            for (int c = 0; c < 3; c++) rgba[4 * i + c] = (byte) (flat ? 40 * c : random.nextInt(256));
            rgba[4 * i + 3] = (byte) 255;
        }
        Path f = dir.resolve("large.png");
        AtomicFileWriter.write(f, ImageFormat.forFile(f).body(w, h, rgba));
        BufferedImage back = PngWriter.read(f);
        assertEquals(w, back.getWidth());
        assertEquals(h, back.getHeight());
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = 4 * (y * w + x), want = (rgba[i] & 0xff) << 16 | (rgba[i + 1] & 0xff) << 8 | (rgba[i + 2] & 0xff);
                if ((back.getRGB(x, y) & 0xffffff) != want) throw new AssertionError("pixel (" + x + ", " + y + ") changed");
            }
        }
    }

    @Test
    void unknownOrMissingExtensionsAreRefusedWithTheSupportedList() {
        OutputProblem bmp = assertThrows(OutputProblem.class, () -> ImageFormat.forFile(Path.of("out.bmp")));
        assertEquals("out.bmp: has an unsupported picture extension '.bmp'; supported: .png, .jpg, .jpeg, .ppm, .exr", bmp.getMessage());
        OutputProblem none = assertThrows(OutputProblem.class, () -> ImageFormat.forFile(Path.of("out")));
        assertTrue(none.getMessage().startsWith("out: has no picture extension; supported:"), none.getMessage());
    }
}
