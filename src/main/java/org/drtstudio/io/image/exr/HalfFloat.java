package org.drtstudio.io.image.exr;

/**
 * IEEE 754 half-precision floats as OpenEXR stores them: float to half rounded to the nearest, ties to even (as
 * OpenEXR's own half type rounds), and back. Java 17 has no {@code Float.floatToFloat16}.
 */
public final class HalfFloat {
    private HalfFloat() {
    }

    /** The half nearest {@code f} (ties to even); beyond 65504 infinity, NaN a quiet NaN of the same sign. */
    public static short fromFloat(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 16) & 0x8000, abs = bits & 0x7fffffff;
        if (abs > 0x7f800000) return (short) (sign | 0x7e00);
        if (abs >= 0x477ff000) return (short) (sign | 0x7c00); // from halfway above 65504 (odd: ties go up), and infinity
        if (abs >= 0x38800000) { // a normal half: 2^-14 and up
            int half = ((abs >>> 23) - 127 + 15) << 10 | (abs & 0x7fffff) >>> 13;
            return (short) (sign | roundUp(half, abs & 0x1fff, 0x1000));
        }
        // A subnormal half (units of 2^-24) or zero: the float's significand shifted down.
        int shift = 126 - (abs >>> 23);
        if (shift > 24) return (short) sign; // below 2^-25: zero
        int significand = (abs & 0x7fffff) | 0x800000;
        return (short) (sign | roundUp(significand >>> shift, significand & ((1 << shift) - 1), 1 << (shift - 1)));
    }

    /** {@code kept} plus one where the dropped bits are over half a unit, or exactly half and {@code kept} is odd. */
    private static int roundUp(int kept, int dropped, int halfUnit) {
        return dropped > halfUnit || (dropped == halfUnit && (kept & 1) != 0) ? kept + 1 : kept;
    }

    /** The float a half's bits stand for (exact). */
    public static float toFloat(short half) {
        int h = half & 0xffff, sign = (h & 0x8000) << 16, exponent = (h >>> 10) & 0x1f, mantissa = h & 0x3ff;
        if (exponent == 0x1f) return Float.intBitsToFloat(sign | 0x7f800000 | mantissa << 13);
        if (exponent != 0) return Float.intBitsToFloat(sign | (exponent - 15 + 127) << 23 | mantissa << 13);
        float magnitude = mantissa * 0x1p-24f; // subnormal or zero: exact
        return sign != 0 ? -magnitude : magnitude;
    }
}
