package org.drtstudio.io.obj;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/** FastFloat rounds every decimal exactly as {@link Float#parseFloat}, bit for bit, and refuses what it refuses. */
class FastFloatTest {
    @Test
    void randomDecimalsRoundLikeFloatParseFloat() {
        Random random = new Random(42);
        for (int i = 0; i < 400_000; i++) {
            StringBuilder sb = new StringBuilder();
            if (random.nextInt(3) == 0) sb.append(random.nextBoolean() ? '-' : '+');
            int intDigits = random.nextInt(8), fracDigits = random.nextInt(12);
            for (int d = 0; d < intDigits; d++) sb.append((char) ('0' + random.nextInt(10)));
            if (fracDigits > 0 || intDigits == 0) {
                sb.append('.');
                for (int d = 0; d < Math.max(1, fracDigits); d++) sb.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextInt(4) == 0) sb.append(random.nextBoolean() ? 'e' : 'E').append(random.nextInt(60) - 30);
            assertSameAsJava(sb.toString());
        }
    }

    @Test
    void halfwayCasesAndShortestFloatStrings() {
        Random random = new Random(3);
        for (int i = 0; i < 100_000; i++) {
            float f = Float.intBitsToFloat(random.nextInt());
            if (!Float.isFinite(f)) continue;
            assertSameAsJava(Float.toString(f));
            // Exactly halfway between f and the next float up: double rounding would go wrong here.
            float up = Math.nextUp(Math.abs(f));
            if (Float.isFinite(up)) {
                String half = new BigDecimal(Math.abs(f)).add(new BigDecimal(up)).divide(BigDecimal.valueOf(2)).toPlainString();
                if (half.length() < 60) assertSameAsJava(half);
            }
        }
        for (String s : new String[]{"0", "-0", "0.0", "-0.000", "1e-45", "1.4e-45", "3.4028235e38", "3.4028236e38", "1e39",
                "16777217", "16777216.5", "0.1", "0.3", "9007199254740993", "123456789012345678901234567890"}) {
            assertSameAsJava(s);
        }
    }

    @Test
    void whatJavaRejectsIsRejected() {
        for (String s : new String[]{"", "-", "+", ".", "e5", "1e", "1e+", "--1", "1..2", "1,5", "zero", "1e5x", "0x"}) {
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            assertFalse(FastFloat.parse(b, 0, b.length, new float[1], 0), "'" + s + "' is not a number");
        }
    }

    private static void assertSameAsJava(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        float[] out = new float[1];
        assertTrue(FastFloat.parse(b, 0, b.length, out, 0), s);
        assertEquals(Float.floatToRawIntBits(Float.parseFloat(s)), Float.floatToRawIntBits(out[0]), s);
    }
}
