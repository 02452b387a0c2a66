package org.drtstudio.io.image;

import org.drtstudio.scene.TextureImage;

import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;

/**
 * Turns a picture read by ImageIO into a {@link TextureImage}: rows flipped so row 0 is the bottom
 * (v = 0), colour maps sRGB-decoded to linear (a floating-point picture, Radiance HDR, is linear
 * already and kept so), bump maps reduced to their luminance as stored.
 *
 * <p>Grey and RGB pictures with 8 or 16 bits per channel are read from their raster samples as
 * written in the file. {@code BufferedImage.getRGB} would not do: it passes grey pictures through
 * Java's linear-grey colour space and brightens them (a stored 128 comes back as 187). Other
 * layouts (palettes, packed ints) go through {@code getRGB}, which is exact for them. Alpha is ignored.
 */
final class TextureDecoder {
    private static final float[] SRGB_8BIT = new float[256];

    static {
        for (int i = 0; i < 256; i++) SRGB_8BIT[i] = (float) srgbToLinear(i / 255.0);
    }

    private TextureDecoder() {
    }

    static TextureImage decode(BufferedImage picture, TextureImage.Encoding encoding) {
        int w = picture.getWidth(), h = picture.getHeight();
        if (picture.getRaster().getTransferType() == DataBuffer.TYPE_FLOAT || picture.getRaster().getTransferType() == DataBuffer.TYPE_DOUBLE)
            return linear(picture, encoding);
        float[] out = new float[3 * w * h];
        ColorModel cm = picture.getColorModel();
        boolean gray = cm.getColorSpace().getType() == ColorSpace.TYPE_GRAY;
        int maxValue = rawMaxValue(cm);
        Raster raster = picture.getRaster();
        int bands = raster.getNumBands();
        int[] samples = new int[bands * w];
        int[] argb = new int[w];
        float[] encoded = new float[3];
        for (int row = 0; row < h; row++) {
            int y = h - 1 - row; // the file's top row is the texture's top (v = 1)
            if (maxValue > 0) raster.getPixels(0, row, w, 1, samples);
            else picture.getRGB(0, row, w, 1, argb, 0, w);
            for (int x = 0; x < w; x++) {
                int code8 = -1; // the 8-bit code of all three channels when they come from 8-bit data
                if (maxValue > 0) {
                    int s = bands * x;
                    for (int c = 0; c < 3; c++) encoded[c] = samples[s + (gray ? 0 : c)] / (float) maxValue;
                    if (maxValue == 255) code8 = s;
                } else {
                    int p = argb[x];
                    encoded[0] = (p >> 16 & 0xff) / 255f;
                    encoded[1] = (p >> 8 & 0xff) / 255f;
                    encoded[2] = (p & 0xff) / 255f;
                }
                int o = 3 * (y * w + x);
                if (encoding == TextureImage.Encoding.HEIGHT) {
                    float height = gray ? encoded[0]
                            : (float) (0.2126 * encoded[0] + 0.7152 * encoded[1] + 0.0722 * encoded[2]);
                    out[o] = out[o + 1] = out[o + 2] = height;
                } else if (code8 >= 0) {
                    for (int c = 0; c < 3; c++) out[o + c] = SRGB_8BIT[samples[code8 + (gray ? 0 : c)]];
                } else if (maxValue > 0) {
                    for (int c = 0; c < 3; c++) out[o + c] = (float) srgbToLinear(encoded[c]);
                } else {
                    int p = argb[x];
                    out[o] = SRGB_8BIT[p >> 16 & 0xff];
                    out[o + 1] = SRGB_8BIT[p >> 8 & 0xff];
                    out[o + 2] = SRGB_8BIT[p & 0xff];
                }
            }
        }
        return new TextureImage(w, h, out);
    }

    /**
     * A floating-point picture (Radiance HDR): its samples are linear radiance already, kept as they
     * are (not sRGB-decoded, not clamped to 1; a value that is not finite or below 0 is black); a bump
     * map takes their luminance.
     */
    private static TextureImage linear(BufferedImage picture, TextureImage.Encoding encoding) {
        int w = picture.getWidth(), h = picture.getHeight();
        Raster raster = picture.getRaster();
        int bands = raster.getNumBands();
        boolean gray = bands < 3;
        float[] row = new float[bands * w], out = new float[3 * w * h];
        for (int r = 0; r < h; r++) {
            raster.getPixels(0, r, w, 1, row);
            int y = h - 1 - r;
            for (int x = 0; x < w; x++) {
                float vr = finite(row[bands * x]), vg = finite(row[bands * x + (gray ? 0 : 1)]), vb = finite(row[bands * x + (gray ? 0 : 2)]);
                int o = 3 * (y * w + x);
                if (encoding == TextureImage.Encoding.HEIGHT) {
                    out[o] = out[o + 1] = out[o + 2] = (float) (0.2126 * vr + 0.7152 * vg + 0.0722 * vb);
                } else {
                    out[o] = vr;
                    out[o + 1] = vg;
                    out[o + 2] = vb;
                }
            }
        }
        return new TextureImage(w, h, out);
    }

    private static float finite(float v) {
        return v >= 0 && Float.isFinite(v) ? v : 0f;
    }

    /** The largest sample value when the raster can be read as stored (grey or RGB, 8 or 16 bits), else 0. */
    private static int rawMaxValue(ColorModel cm) {
        if (!(cm instanceof ComponentColorModel)) return 0;
        int type = cm.getColorSpace().getType();
        if (type != ColorSpace.TYPE_GRAY && type != ColorSpace.TYPE_RGB) return 0;
        int transfer = cm.getTransferType();
        if (transfer == DataBuffer.TYPE_BYTE) return 255;
        if (transfer == DataBuffer.TYPE_USHORT) return 65535;
        return 0;
    }

    /** The sRGB transfer function's inverse (IEC 61966-2-1). */
    static double srgbToLinear(double c) {
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
