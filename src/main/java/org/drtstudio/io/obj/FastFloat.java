package org.drtstudio.io.obj;

import java.nio.charset.StandardCharsets;

/**
 * Decimal text to float without making a String, rounded exactly as {@link Float#parseFloat}.
 *
 * <p>For {@code [+-]digits[.digits][(e|E)[+-]digits]} with at most 19 significant digits and a
 * decimal exponent within ±22, the significand m (below 2^53) and 10^|e| are exact doubles, so
 * {@code m * 10^e} or {@code m / 10^-e} is the correctly rounded double of the decimal (one IEEE
 * operation on exact operands; Clinger's fast path). Rounding that double to float gives the
 * correctly rounded float unless the double lies exactly halfway between two floats (then the
 * decimal may lie on either side of it): that case, subnormal and huge results, and every other
 * spelling Java accepts (hexadecimal, {@code NaN}, {@code Infinity}, a {@code f}/{@code d}
 * suffix) go to {@link Float#parseFloat} itself.
 */
final class FastFloat {
    private static final double[] POWERS = new double[23];

    static {
        double p = 1;
        for (int i = 0; i < POWERS.length; i++) {
            POWERS[i] = p;
            p *= 10;
        }
    }

    private FastFloat() {
    }

    /**
     * Parses {@code s[from, to)} into {@code out[k]}.
     *
     * @return false when {@link Float#parseFloat} would reject the text
     */
    static boolean parse(byte[] s, int from, int to, float[] out, int k) {
        int i = from;
        boolean negative = false;
        if (i < to && (s[i] == '-' || s[i] == '+')) negative = s[i++] == '-';
        long m = 0;
        int significant = 0, exponent = 0, digits = 0;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            digits++;
            if (m != 0 || s[i] != '0') {
                if (++significant > 19) return slow(s, from, to, out, k);
                m = 10 * m + (s[i] - '0');
            }
            i++;
        }
        if (i < to && s[i] == '.') {
            i++;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                digits++;
                if (m != 0 || s[i] != '0') {
                    if (++significant > 19) return slow(s, from, to, out, k);
                    m = 10 * m + (s[i] - '0');
                }
                exponent--;
                i++;
            }
        }
        if (digits == 0) return slow(s, from, to, out, k);
        if (i < to && (s[i] == 'e' || s[i] == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < to && (s[i] == '-' || s[i] == '+')) negativeExponent = s[i++] == '-';
            int e = 0, expDigits = 0;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                if (e < 100_000) e = 10 * e + (s[i] - '0');
                expDigits++;
                i++;
            }
            if (expDigits == 0) return slow(s, from, to, out, k);
            exponent += negativeExponent ? -e : e;
        }
        if (i != to) return slow(s, from, to, out, k);
        if (m == 0) {
            out[k] = negative ? -0f : 0f;
            return true;
        }
        if (m >= 1L << 53 || exponent < -22 || exponent > 22) return slow(s, from, to, out, k);
        double d = exponent >= 0 ? m * POWERS[exponent] : m / POWERS[-exponent];
        if (d < Float.MIN_NORMAL || d >= Float.MAX_VALUE) return slow(s, from, to, out, k);
        // Halfway between two floats: the low 29 of the double's 52 fraction bits are 1 followed by zeros.
        if ((Double.doubleToRawLongBits(d) & ((1L << 29) - 1)) == 1L << 28) return slow(s, from, to, out, k);
        float f = (float) d;
        out[k] = negative ? -f : f;
        return true;
    }

    private static boolean slow(byte[] s, int from, int to, float[] out, int k) {
        try {
            out[k] = Float.parseFloat(new String(s, from, to - from, StandardCharsets.US_ASCII));
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
