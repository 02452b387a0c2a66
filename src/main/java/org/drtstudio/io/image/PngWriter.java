package org.drtstudio.io.image;

import org.drtstudio.io.support.AtomicFileWriter;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes 8-bit RGBA pixels (rows top to bottom) as an RGB PNG. */
public final class PngWriter {
    private PngWriter() {
    }

    public static void write(Path file, int width, int height, byte[] rgba) throws IOException {
        AtomicFileWriter.write(file, ImageFormat.PNG.body(width, height, rgba));
    }

    public static BufferedImage read(Path file) throws IOException {
        BufferedImage img;
        try (var in = Files.newInputStream(file)) {
            img = ImageIO.read(in);
        }
        if (img == null) throw new IOException(file + ": not a readable image");
        return img;
    }
}
