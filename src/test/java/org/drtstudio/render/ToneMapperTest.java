package org.drtstudio.render;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The table a picture is tone-mapped through gives the formula's byte for every float: at each of the curve's 255
 * steps (the float before it and the step's own), at the edges and specials, and on a sweep of every 1,024th float
 * of [0, 1] and random ones (between steps both are constant, since the formula only steps up).
 */
class ToneMapperTest {
    @Test
    void theTableIsTheFormulaAtEveryStep() {
        for (int bits = 0; bits <= Float.floatToRawIntBits(1f); bits += 1024) agree(Float.intBitsToFloat(bits));
        int steps = 0;
        for (int bits = 1; bits <= Float.floatToRawIntBits(1f); bits++) {
            // Walk only where the formula changes: jump by bisection to the next float whose value differs.
            float c = Float.intBitsToFloat(bits), before = Float.intBitsToFloat(bits - 1);
            if (ToneMapper.toSrgb8(c) != ToneMapper.toSrgb8(before)) {
                steps++;
                agree(before);
                agree(c);
            }
            bits = nextStep(bits);
        }
        assertEquals(255, steps, "every step from 0 to 255, each once");
    }

    @Test
    void edgesSpecialsAndRandomFloats() {
        for (float c : new float[]{0f, -0f, Float.MIN_VALUE, -1f, 1f, Math.nextDown(1f), Math.nextUp(1f), 2f, 1e30f,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 0.0031308f, Math.nextUp(0.0031308f)}) {
            agree(c);
        }
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 2_000_000; i++) {
            agree(r.nextInt(8) == 0 ? Float.intBitsToFloat(r.nextInt()) : (float) r.nextDouble(-0.1, 1.1));
        }
    }

    @Test
    void aPictureIsMappedByteForByte() {
        float[] rgb = {0f, 0.5f, 1f, Float.NaN, -2f, 0.002f, 0.2f, 0.7f, 3f};
        byte[] srgb = ToneMapper.toSrgb(rgb, 3);
        for (int p = 0; p < 3; p++) {
            for (int c = 0; c < 3; c++) assertEquals(ToneMapper.toSrgb8(rgb[3 * p + c]), srgb[4 * p + c] & 0xff);
            assertEquals(255, srgb[4 * p + 3] & 0xff, "opaque");
        }
        // Larger than a task's rows, its last chunk short: every pixel where it belongs.
        int pixels = 600_001;
        float[] big = new float[3 * pixels];
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < big.length; i++) big[i] = (float) r.nextDouble(-0.05, 1.05);
        byte[] picture = ToneMapper.toSrgb(big, pixels);
        assertEquals(4 * pixels, picture.length);
        for (int p = 0; p < pixels; p++) {
            for (int c = 0; c < 3; c++) assertEquals(ToneMapper.toSrgb8(big[3 * p + c]), picture[4 * p + c] & 0xff, "pixel " + p);
            assertEquals(255, picture[4 * p + 3] & 0xff);
        }
    }

    private static void agree(float c) {
        assertEquals(ToneMapper.toSrgb8(c), ToneMapper.toSrgb8ByTable(c), () -> "at " + c + " (bits " + Integer.toHexString(Float.floatToRawIntBits(c)) + ")");
    }

    /** The last float bits at or after {@code bits} whose formula value equals that at {@code bits} (the formula only steps up). */
    private static int nextStep(int bits) {
        int v = ToneMapper.toSrgb8(Float.intBitsToFloat(bits)), same = bits, differs = Float.floatToRawIntBits(1f) + 1;
        if (v == 255) return differs;
        while (differs - same > 1) {
            int mid = (same + differs) >>> 1;
            if (ToneMapper.toSrgb8(Float.intBitsToFloat(mid)) == v) same = mid;
            else differs = mid;
        }
        return same;
    }
}
