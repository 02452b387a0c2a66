package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;

import java.util.Arrays;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Renders a frame as uneven windows, puts them side by side and compares with the whole frame, bit for bit. */
public final class WindowTiles {
    private WindowTiles() {
    }

    /**
     * Cuts the frame at the given column and row edges (exclusive of 0 and the size), renders each
     * window with {@link Renderer#renderWindow} and asserts the assembly equals {@link Renderer#render}
     * in the picture and every AOV asked for.
     */
    public static void assertTilesMakeTheWhole(Renderer renderer, GeometryImage image, TraceParameters p, Set<Aov> aovs,
                                               int[] columnEdges, int[] rowEdges) throws RenderException {
        Frame whole = renderer.render(image, p, aovs, ProgressListener.NONE);
        int w = p.width(), h = p.height();
        byte[] srgb = new byte[4 * w * h];
        float[][] assembled = new float[Aov.values().length][];
        int[] xs = edges(columnEdges, w), ys = edges(rowEdges, h);
        for (int r = 0; r + 1 < ys.length; r++) {
            for (int c = 0; c + 1 < xs.length; c++) {
                PixelWindow window = new PixelWindow(xs[c], ys[r], xs[c + 1] - xs[c], ys[r + 1] - ys[r]);
                Frame tile = renderer.renderWindow(image, p, window, aovs, ProgressListener.NONE);
                assertEquals(window.width(), tile.width());
                assertEquals(window.height(), tile.height());
                paste(tile.srgb(), srgb, window, w, 4);
                for (Aov a : aovs) {
                    float[] data = channel(tile, a);
                    if (data == null) continue;
                    int channels = data.length / window.pixels();
                    if (assembled[a.ordinal()] == null) assembled[a.ordinal()] = new float[channels * w * h];
                    pasteFloats(data, assembled[a.ordinal()], window, w, channels);
                }
            }
        }
        assertArrayEquals(whole.srgb(), srgb, "the tiles' pictures put together are the whole picture");
        assertTrue(distinctPixels(whole.srgb()) > 4, "the picture has something to compare (not one flat colour)");
        for (Aov a : aovs) {
            float[] expected = channel(whole, a);
            if (expected == null) continue;
            // Bit for bit, +Infinity and -0 included: compare the float bits.
            assertArrayEquals(bits(expected), bits(assembled[a.ordinal()]), a + " of the tiles put together is the whole frame's");
        }
    }

    private static int[] edges(int[] inner, int size) {
        int[] all = new int[inner.length + 2];
        System.arraycopy(inner, 0, all, 1, inner.length);
        all[all.length - 1] = size;
        return all;
    }

    private static float[] channel(Frame f, Aov a) {
        return switch (a) {
            case DEPTH -> f.depth();
            case NORMAL -> f.normals();
            case ALBEDO -> f.albedo();
            case RADIANCE -> f.radiance();
            case VARIANCE -> f.variance();
            case SAMPLES -> f.samples();
            default -> null;
        };
    }

    private static void paste(byte[] tile, byte[] whole, PixelWindow win, int w, int channels) {
        for (int row = 0; row < win.height(); row++) {
            System.arraycopy(tile, row * win.width() * channels, whole, ((win.y() + row) * w + win.x()) * channels, win.width() * channels);
        }
    }

    private static void pasteFloats(float[] tile, float[] whole, PixelWindow win, int w, int channels) {
        for (int row = 0; row < win.height(); row++) {
            System.arraycopy(tile, row * win.width() * channels, whole, ((win.y() + row) * w + win.x()) * channels, win.width() * channels);
        }
    }

    private static int[] bits(float[] data) {
        int[] out = new int[data.length];
        for (int i = 0; i < data.length; i++) out[i] = Float.floatToRawIntBits(data[i]);
        return out;
    }

    private static long distinctPixels(byte[] rgba) {
        return Arrays.stream(toInts(rgba)).distinct().count();
    }

    private static int[] toInts(byte[] rgba) {
        int[] out = new int[rgba.length / 4];
        for (int i = 0; i < out.length; i++) out[i] = (rgba[4 * i] & 0xff) << 16 | (rgba[4 * i + 1] & 0xff) << 8 | (rgba[4 * i + 2] & 0xff);
        return out;
    }
}
