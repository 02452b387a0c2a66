package org.drtstudio.io.image;

import org.drtstudio.io.image.exr.TinyExr;
import org.drtstudio.scene.TextureImage;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * OpenEXR files as textures, through tinyexr: values are linear already and stay so (an HDR
 * texture is not sRGB-decoded); a colour map takes R, G, B (or Y for a grey picture), a bump map
 * their luminance. Budgeted like every texture, from the header before decoding: tinyexr decodes
 * the whole picture at once, 4 bytes a channel a texel outside the heap and as much again in the
 * Java copy, so that must fit the textures' budget; the decoded picture is then subsampled to the
 * texel budget as other formats are.
 */
final class ExrTextures {
    /** The first four bytes of every OpenEXR file. */
    private static final byte[] MAGIC = {0x76, 0x2f, 0x31, 0x01};

    private ExrTextures() {
    }

    /** Whether {@code head} (at least 4 bytes) starts an OpenEXR file. */
    static boolean isExr(byte[] head) {
        if (head.length < 4) return false;
        for (int i = 0; i < 4; i++) if (head[i] != MAGIC[i]) return false;
        return true;
    }

    /**
     * @param in           the file, positioned at its start
     * @param decoderLimit bytes the decoder may take
     */
    static TextureImage read(InputStream in, TextureImage.Encoding encoding, AtomicLong texelsLeft, long budget, long decoderLimit,
                             Consumer<String> notes) throws IOException {
        long cap = Math.min(Integer.MAX_VALUE - 8L, decoderLimit);
        byte[] bytes = in.readNBytes((int) cap + 1);
        if (bytes.length > cap) throw new IOException("an EXR file of more than " + (cap >> 20) + " MiB, more than textures may take");
        int[] size = TinyExr.size(bytes);
        int w = size[0], h = size[1], channels = size[2];
        long decoder = 8L * w * h * Math.max(1, channels);
        if (decoder > decoderLimit) {
            throw new IOException("EXR of " + w + "x" + h + " with " + channels + " channels, needs " + (decoder >> 20)
                    + " MiB to decode (tinyexr decodes it whole), more than the " + (decoderLimit >> 20) + " MiB textures may take");
        }
        int step = TextureBudget.step(w, h, TextureLoader.MAX_TEXELS, TextureLoader.MAX_SUBSAMPLING, texelsLeft, budget);
        if (step < 0) throw new IOException(TextureBudget.refusal(w, h, TextureLoader.MAX_TEXELS, TextureLoader.MAX_SUBSAMPLING, texelsLeft.get(), budget));
        if (step > 1) notes.accept("is " + w + "x" + h + "; read at 1/" + step + " of its size to stay within the texture memory budget");
        TinyExr.Picture picture = TinyExr.decode(bytes);
        bytes = null;
        TinyExr.Channel r = first(picture, "R", "r", "Y", "y"), g = first(picture, "G", "g", "Y", "y"), b = first(picture, "B", "b", "Y", "y");
        if (r == null || g == null || b == null) throw new IOException("an EXR picture without R, G and B (or Y) channels");
        int tw = (int) TextureBudget.reduced(w, step), th = (int) TextureBudget.reduced(h, step);
        float[] out = new float[3 * tw * th];
        for (int ty = 0; ty < th; ty++) {
            int sourceRow = ty * step, row = th - 1 - ty; // EXR's first row is the top; the texture's row 0 its bottom
            for (int tx = 0; tx < tw; tx++) {
                int i = sourceRow * w + tx * step, o = 3 * (row * tw + tx);
                float vr = finite(r.values()[i]), vg = finite(g.values()[i]), vb = finite(b.values()[i]);
                if (encoding == TextureImage.Encoding.HEIGHT) {
                    out[o] = out[o + 1] = out[o + 2] = (float) (0.2126 * vr + 0.7152 * vg + 0.0722 * vb);
                } else {
                    out[o] = vr;
                    out[o + 1] = vg;
                    out[o + 2] = vb;
                }
            }
        }
        return new TextureImage(tw, th, out);
    }

    private static TinyExr.Channel first(TinyExr.Picture picture, String... names) {
        for (String n : names) {
            TinyExr.Channel c = picture.channel(n);
            if (c != null) return c;
        }
        return null;
    }

    /** A texel that is not a finite, non-negative number is black: the tracers sum what textures give. */
    private static float finite(float v) {
        return v >= 0 && Float.isFinite(v) ? v : 0f;
    }
}
