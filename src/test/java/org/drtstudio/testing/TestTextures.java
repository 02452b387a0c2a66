package org.drtstudio.testing;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.nio.file.Path;

/** Writes small pictures for texture tests; codes are 8-bit values, rows given from the top of the picture. */
public final class TestTextures {
    private TestTextures() {
    }

    /** An RGB PNG; {@code rgb[row][column]} holds three codes 0..255, row 0 at the top. */
    public static Path rgbPng(Path file, int[][][] rgb) throws IOException {
        int h = rgb.length, w = rgb[0].length;
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int[] c = rgb[y][x];
                img.setRGB(x, y, c[0] << 16 | c[1] << 8 | c[2]);
            }
        }
        if (!ImageIO.write(img, "png", file.toFile())) throw new IOException("no PNG writer");
        return file;
    }

    /** An 8-bit grey PNG; {@code gray[row][column]} holds codes 0..255, row 0 at the top. */
    public static Path grayPng(Path file, int[][] gray) throws IOException {
        int h = gray.length, w = gray[0].length;
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        WritableRaster raster = img.getRaster();
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) raster.setSample(x, y, 0, gray[y][x]);
        if (!ImageIO.write(img, "png", file.toFile())) throw new IOException("no PNG writer");
        return file;
    }

    /** The linear value of an sRGB code (IEC 61966-2-1), computed independently of the loader. */
    public static double srgbToLinear(int code) {
        double c = code / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
