package org.drtstudio.render.adaptive;

/**
 * The samples-per-pixel map as a picture: 8-bit RGBA, a pixel's colour from black (no samples)
 * through blue, red and yellow to white (the most samples of the frame), on a log scale so the
 * low counts most pixels stop at stay apart.
 */
public final class SampleHeatMap {
    /** Colour stops of the ramp, evenly spaced from 0 to 1. */
    private static final int[][] RAMP = {{0, 0, 0}, {40, 40, 200}, {220, 40, 40}, {250, 220, 40}, {255, 255, 255}};

    private SampleHeatMap() {
    }

    /** @param counts samples per pixel; {@code maxSamples} maps to white */
    public static byte[] rgba(float[] counts, int maxSamples) {
        byte[] out = new byte[4 * counts.length];
        double top = Math.log1p(Math.max(1, maxSamples));
        for (int i = 0; i < counts.length; i++) {
            double t = Math.min(1, Math.log1p(Math.max(0, counts[i])) / top);
            int[] c = colour(t);
            out[4 * i] = (byte) c[0];
            out[4 * i + 1] = (byte) c[1];
            out[4 * i + 2] = (byte) c[2];
            out[4 * i + 3] = (byte) 255;
        }
        return out;
    }

    static int[] colour(double t) {
        double scaled = t * (RAMP.length - 1);
        int k = Math.min(RAMP.length - 2, (int) Math.floor(scaled));
        double f = scaled - k;
        int[] c = new int[3];
        for (int ch = 0; ch < 3; ch++) c[ch] = (int) Math.round(RAMP[k][ch] + f * (RAMP[k + 1][ch] - RAMP[k][ch]));
        return c;
    }
}
