package org.drtstudio.io.image;

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
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = 4 * (y * width + x);
                row[x] = (rgba[i] & 0xff) << 16 | (rgba[i + 1] & 0xff) << 8 | (rgba[i + 2] & 0xff);
            }
            img.setRGB(0, y, width, 1, row, 0, width);
        }
        AtomicFiles.write(file, out -> {
            if (!ImageIO.write(img, "png", out)) throw new IOException("no PNG writer available");
        });
    }

    public static BufferedImage read(Path file) throws IOException {
        BufferedImage img = ImageIO.read(Files.newInputStream(file));
        if (img == null) throw new IOException(file + ": not a readable image");
        return img;
    }
}
