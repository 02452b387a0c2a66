package org.drtstudio.io.image;

import org.drtstudio.io.support.AtomicFileWriter;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Binary PPM (Netpbm P6), the format the CUDA octree report's tracer wrote: the header
 * {@code P6\n<width> <height>\n255\n}, then the pixels as r, g, b bytes, rows top to bottom
 * (the same 8-bit sRGB values a PNG of the frame holds; alpha is dropped).
 */
public final class PpmWriter {
    private PpmWriter() {
    }

    /** The encoder of an 8-bit RGBA picture (rows top to bottom) for an atomic write. */
    public static AtomicFileWriter.Body body(int width, int height, byte[] rgba) {
        if (width <= 0 || height <= 0 || rgba.length < 4L * width * height) {
            throw new IllegalArgumentException("PPM of " + width + "x" + height + " needs " + 4L * width * height + " bytes, got " + rgba.length);
        }
        return out -> {
            OutputStream buffered = new BufferedOutputStream(out, 1 << 16);
            buffered.write(("P6\n" + width + " " + height + "\n255\n").getBytes(StandardCharsets.US_ASCII));
            byte[] row = new byte[3 * width];
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    int i = 4 * (y * width + x);
                    row[3 * x] = rgba[i];
                    row[3 * x + 1] = rgba[i + 1];
                    row[3 * x + 2] = rgba[i + 2];
                }
                buffered.write(row);
            }
            buffered.flush();
        };
    }
}
