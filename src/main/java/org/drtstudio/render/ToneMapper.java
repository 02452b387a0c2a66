package org.drtstudio.render;

import org.drtstudio.accel.ParallelRanges;

/**
 * Linear radiance to 8-bit sRGB: clamp to [0, 1], then the sRGB transfer curve. The GLSL resolve
 * pass ({@code shaders/tonemap.glsl}) computes the same formula.
 *
 * <p>A picture is tone-mapped through a table, not the formula: {@link #toSrgb8}'s value only steps up as the
 * radiance grows (Math.pow is semi-monotonic, every other step rounds monotonically), so the 255 least radiances
 * at which it reaches 1, 2, … 255, found once by bisection on the formula itself, give the same byte for every
 * float. A 1080p picture took 110–150 ms through Math.pow on the 2-core machine, several times a denoised
 * frame's trace on a GPU.
 */
public final class ToneMapper {
    /** Buckets of [0, 1] the table starts its search from: each holds at most two steps of the curve. */
    private static final int BUCKETS = 4096;
    /** {@code REACHES[k]}: the least float with {@link #toSrgb8} ≥ k, for k in 1..255 (index 0 unused). */
    private static final float[] REACHES = reaches();
    /** The value at each bucket's least float, {@code b / BUCKETS}. */
    private static final byte[] BUCKET_START = bucketStarts();

    private ToneMapper() {
    }

    /** The curve's value by the formula: the definition the table is made from (and the shader's). */
    public static int toSrgb8(float linear) {
        float c = Math.min(Math.max(linear, 0f), 1f);
        if (Float.isNaN(linear)) c = 0f;
        float s = c <= 0.0031308f ? 12.92f * c : (float) (1.055 * Math.pow(c, 1 / 2.4) - 0.055);
        return (int) (s * 255f + 0.5f);
    }

    /** Inverse of {@link #toSrgb8}'s curve, for tests that read radiance back from an 8-bit image. */
    public static float fromSrgb8(int value) {
        float s = value / 255f;
        return s <= 0.04045f ? s / 12.92f : (float) Math.pow((s + 0.055) / 1.055, 2.4);
    }

    /** {@link #toSrgb8} through the table: the same value for every float, NaN and infinities included. */
    public static int toSrgb8ByTable(float linear) {
        if (!(linear > 0f)) return 0; // NaN, negative, zero
        if (linear >= 1f) return 255;
        int k = BUCKET_START[(int) (linear * BUCKETS)] & 0xff; // times a power of two: exact, so the bucket is exact
        while (k < 255 && linear >= REACHES[k + 1]) k++;
        return k;
    }

    /** The picture of {@code pixels} interleaved RGB radiances, RGBA with A = 255; rows of a large one on every core. */
    public static byte[] toSrgb(float[] rgb, int pixels) {
        byte[] out = new byte[4 * pixels];
        ParallelRanges.forEach(pixels, (from, to) -> map(rgb, out, from, to));
        return out;
    }

    private static void map(float[] rgb, byte[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            out[4 * i] = (byte) toSrgb8ByTable(rgb[3 * i]);
            out[4 * i + 1] = (byte) toSrgb8ByTable(rgb[3 * i + 1]);
            out[4 * i + 2] = (byte) toSrgb8ByTable(rgb[3 * i + 2]);
            out[4 * i + 3] = (byte) 255;
        }
    }

    /** The least float in (0, 1] with the formula's value ≥ k, for each k: bisection on the floats' bits, which order as the floats do. */
    private static float[] reaches() {
        float[] reaches = new float[256];
        for (int k = 1; k <= 255; k++) {
            int below = 0, at = Float.floatToRawIntBits(1f); // value(below) < k <= value(at)
            while (at - below > 1) {
                int mid = (below + at) >>> 1;
                if (toSrgb8(Float.intBitsToFloat(mid)) >= k) at = mid;
                else below = mid;
            }
            reaches[k] = Float.intBitsToFloat(at);
        }
        return reaches;
    }

    private static byte[] bucketStarts() {
        byte[] starts = new byte[BUCKETS];
        for (int b = 0; b < BUCKETS; b++) starts[b] = (byte) toSrgb8((float) b / BUCKETS);
        return starts;
    }
}
