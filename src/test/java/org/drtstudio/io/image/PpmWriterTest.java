package org.drtstudio.io.image;

import org.drtstudio.io.support.AtomicFileWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** {@code x.ppm} is binary P6 whose pixels are the PNG's of the same picture. */
class PpmWriterTest {
    @TempDir
    Path dir;

    /** Reads a P6 file as written here (single blanks, maxval 255): width, height and the r, g, b bytes. */
    static Ppm read(Path file) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        int pos = 0, fields = 0;
        String[] header = new String[4];
        StringBuilder field = new StringBuilder();
        while (fields < 4) {
            char c = (char) bytes[pos++];
            if (Character.isWhitespace(c)) {
                if (field.length() > 0) header[fields++] = field.toString();
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        assertEquals("P6", header[0]);
        assertEquals("255", header[3]);
        int w = Integer.parseInt(header[1]), h = Integer.parseInt(header[2]);
        assertEquals(pos + 3L * w * h, bytes.length, "header, then exactly width x height x 3 bytes");
        byte[] rgb = new byte[3 * w * h];
        System.arraycopy(bytes, pos, rgb, 0, rgb.length);
        return new Ppm(w, h, rgb, new String(bytes, 0, pos, StandardCharsets.US_ASCII));
    }

    record Ppm(int width, int height, byte[] rgb, String header) {
        int rgbAt(int x, int y) {
            int i = 3 * (y * width + x);
            return (rgb[i] & 0xff) << 16 | (rgb[i + 1] & 0xff) << 8 | (rgb[i + 2] & 0xff);
        }
    }

    @Test
    void headerAndPixelsEqualThePngOfTheSamePicture() throws Exception {
        int w = 37, h = 11; // odd sizes: no row padding may creep in
        byte[] rgba = new byte[4 * w * h];
        for (int i = 0; i < w * h; i++) {
            rgba[4 * i] = (byte) (i * 7);
            rgba[4 * i + 1] = (byte) (i * 13 + 5);
            rgba[4 * i + 2] = (byte) (255 - i);
            rgba[4 * i + 3] = (byte) (i * 3); // alpha is dropped, as for PNG
        }
        Path ppm = dir.resolve("x.PPM"), png = dir.resolve("x.png");
        assertEquals(ImageFormat.PPM, ImageFormat.forFile(ppm));
        AtomicFileWriter.write(ppm, ImageFormat.forFile(ppm).body(w, h, rgba));
        AtomicFileWriter.write(png, ImageFormat.PNG.body(w, h, rgba));

        Ppm p = read(ppm);
        assertEquals("P6\n37 11\n255\n", p.header());
        BufferedImage fromPng = PngWriter.read(png);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) assertEquals(fromPng.getRGB(x, y) & 0xffffff, p.rgbAt(x, y), "pixel " + x + "," + y);
        }
    }

    @Test
    void aBufferTooSmallIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PpmWriter.body(4, 4, new byte[4 * 15]));
    }
}
