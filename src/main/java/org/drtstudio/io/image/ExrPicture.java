package org.drtstudio.io.image;

import org.drtstudio.io.image.exr.ExrWriter;
import org.drtstudio.io.image.exr.TinyExr;
import org.drtstudio.io.support.AtomicFileWriter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An OpenEXR picture being put together: linear, scene-referred RGBA and any number of named
 * layers ({@code depth.Z}, {@code normal.X}…), written as one file by {@link ExrWriter} (its blocks compressed on
 * every core). Channels are stored sorted by name, as OpenEXR's channel list is; colour channels in half
 * or full float as asked, geometric ones (depth, normals) always in full float, since half's 11
 * bits would step a depth of 100 by 0.06.
 */
public final class ExrPicture {
    /** How colour channels are stored: half (16-bit) floats, as compositors default to, or full 32-bit floats. */
    public enum Precision { HALF, FLOAT }

    private final int width, height;
    private final Precision precision;
    private final List<TinyExr.Channel> channels = new ArrayList<>();

    public ExrPicture(int width, int height, Precision precision) {
        this.width = width;
        this.height = height;
        this.precision = precision;
    }

    /** The picture itself: R, G, B from interleaved linear RGB, and A = 1 (every pixel is opaque: the background is rendered). */
    public ExrPicture rgba(float[] rgb) {
        colour("", rgb);
        float[] alpha = new float[width * height];
        java.util.Arrays.fill(alpha, 1f);
        channels.add(new TinyExr.Channel("A", alpha, precision == Precision.HALF));
        return this;
    }

    /** A colour layer {@code NAME.R}, {@code NAME.G}, {@code NAME.B} from interleaved RGB, at the colour precision. */
    public ExrPicture colourLayer(String layer, float[] rgb) {
        colour(layer + ".", rgb);
        return this;
    }

    /**
     * A layer of {@code components} interleaved values per pixel, named {@code layer.S} for each
     * suffix S ({@code "depth", {"Z"}}; {@code "normal", {"X", "Y", "Z"}}), stored in full float.
     */
    public ExrPicture dataLayer(String layer, float[] values, String... suffixes) {
        int n = suffixes.length, pixels = width * height;
        for (int c = 0; c < n; c++) {
            float[] plane = new float[pixels];
            for (int i = 0; i < pixels; i++) plane[i] = values[i * n + c];
            channels.add(new TinyExr.Channel(layer + "." + suffixes[c], plane, false));
        }
        return this;
    }

    /** The channels' names, sorted as they are stored. */
    public List<String> channelNames() {
        return sorted().stream().map(TinyExr.Channel::name).toList();
    }

    /** The file's bytes for an atomic write; encoded when the writer asks for them. */
    public AtomicFileWriter.Body body() {
        List<TinyExr.Channel> list = sorted();
        return out -> ExrWriter.write(width, height, list, out);
    }

    private void colour(String prefix, float[] rgb) {
        String[] names = {"R", "G", "B"};
        int pixels = width * height;
        for (int c = 0; c < 3; c++) {
            float[] plane = new float[pixels];
            for (int i = 0; i < pixels; i++) plane[i] = rgb[3 * i + c];
            channels.add(new TinyExr.Channel(prefix + names[c], plane, precision == Precision.HALF));
        }
    }

    private List<TinyExr.Channel> sorted() {
        List<TinyExr.Channel> list = new ArrayList<>(channels);
        list.sort(Comparator.comparing(TinyExr.Channel::name));
        return list;
    }
}
