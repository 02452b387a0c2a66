package org.drtstudio.studio.export;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Whether an exported image is blank: every pixel the same colour, as when nothing is in view or
 * everything is out of the tracers' range. An export of one is still written, but reported with a
 * warning rather than as a plain success.
 */
public final class BlankImageCheck {
    private BlankImageCheck() {
    }

    /** Whether the PNG or PFM {@code file} holds a single colour. */
    static boolean isBlank(Path file) throws IOException {
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pfm")) {
            float[] data = PfmWriter.read(file, new int[3]);
            for (int i = 3; i < data.length; i++) if (Float.compare(data[i], data[i % 3]) != 0) return false;
            return true;
        }
        BufferedImage img = PngWriter.read(file);
        int first = img.getRGB(0, 0);
        for (int y = 0; y < img.getHeight(); y++) for (int x = 0; x < img.getWidth(); x++) if (img.getRGB(x, y) != first) return false;
        return true;
    }

    /** " — warning: ..." for a blank {@code file}, "" otherwise (or when it cannot be read back). */
    public static String warning(Path file) {
        try {
            return isBlank(file) ? " — warning: the image is blank (one colour): nothing was in view or in range" : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
