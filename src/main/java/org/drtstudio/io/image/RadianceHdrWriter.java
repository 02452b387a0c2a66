package org.drtstudio.io.image;

import org.drtstudio.scene.TextureImage;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Encodes linear RGB as a Radiance picture ({@code .hdr}, RGBE: a shared 8-bit exponent per pixel),
 * top row first, each scanline run-length coded channel by channel (the "new" coding, which
 * TwelveMonkeys' reader requires for widths of 8 to 32,767); narrower pictures are written flat.
 * What the shipped procedural sky is stored as, and what tests write their skies with.
 */
public final class RadianceHdrWriter {
    private RadianceHdrWriter() {
    }

    /** The file's bytes for {@code picture} (rows bottom-up, as {@link TextureImage} holds them). */
    public static byte[] encode(TextureImage picture) {
        int w = picture.width(), h = picture.height();
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 + 4 * w * h);
        byte[] header = ("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " + h + " +X " + w + "\n").getBytes(StandardCharsets.US_ASCII);
        out.write(header, 0, header.length);
        float[] rgb = picture.rgb();
        boolean coded = w >= 8 && w <= 0x7fff;
        ByteArrayOutputStream line = new ByteArrayOutputStream(4 * w);
        for (int y = h - 1; y >= 0; y--) {
            line.reset();
            for (int x = 0; x < w; x++) {
                int i = 3 * (y * w + x);
                rgbe(rgb[i], rgb[i + 1], rgb[i + 2], line);
            }
            byte[] pixels = line.toByteArray();
            if (!coded) {
                out.write(pixels, 0, pixels.length);
                continue;
            }
            out.write(2);
            out.write(2);
            out.write(w >> 8);
            out.write(w & 0xff);
            for (int channel = 0; channel < 4; channel++) runLengths(pixels, channel, w, out);
        }
        return out.toByteArray();
    }

    /**
     * One channel of a scanline: runs of 4 or more equal bytes as (128 + length, byte), up to 127 long,
     * the rest as (count, bytes…), up to 128 at a time.
     */
    private static void runLengths(byte[] pixels, int channel, int w, ByteArrayOutputStream out) {
        int x = 0;
        while (x < w) {
            int run = runAt(pixels, channel, w, x);
            if (run >= 4) {
                out.write(128 + run);
                out.write(pixels[4 * x + channel]);
                x += run;
                continue;
            }
            int start = x;
            while (x < w && x - start < 128 && runAt(pixels, channel, w, x) < 4) x++;
            out.write(x - start);
            for (int k = start; k < x; k++) out.write(pixels[4 * k + channel]);
        }
    }

    /** How many equal bytes of the channel start at x, at most 127. */
    private static int runAt(byte[] pixels, int channel, int w, int x) {
        int n = 1;
        while (x + n < w && n < 127 && pixels[4 * (x + n) + channel] == pixels[4 * x + channel]) n++;
        return n;
    }

    /** Ward's encoding: the mantissas of r, g, b over the exponent of the largest; negatives and NaN as 0. */
    private static void rgbe(float r, float g, float b, ByteArrayOutputStream out) {
        r = r > 0 ? r : 0;
        g = g > 0 ? g : 0;
        b = b > 0 ? b : 0;
        float v = Math.max(r, Math.max(g, b));
        if (v < 1e-32f) {
            out.write(0); out.write(0); out.write(0); out.write(0);
            return;
        }
        int e = Math.getExponent(v) + 1; // v = m · 2^e with m in [0.5, 1)
        double scale = Math.scalb(256.0, -e);
        out.write((int) (r * scale));
        out.write((int) (g * scale));
        out.write((int) (b * scale));
        out.write(e + 128);
    }
}
