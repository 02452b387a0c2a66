package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The geometry image stores int links as float bits in RGBA32F texels; this decides whether that
 * encoding is safe on the GL the tests run on.
 */
@Timeout(60)
class FloatBitsRoundTripTest {

    @Test
    void patternsCoverDenormalsNaNsAndMinusOne() {
        int[] patterns = FloatBitsRoundTrip.patterns();
        for (int required : new int[]{1, 2, 1000, -1, 0x7F800001, 0x80000000, Integer.MIN_VALUE}) {
            assertTrue(Arrays.stream(patterns).anyMatch(p -> p == required), "pattern " + required);
        }
        assertTrue(Float.isNaN(Float.intBitsToFloat(-1)), "-1 is a NaN pattern");
        assertEquals(Float.MIN_EXPONENT - 1, Math.getExponent(Float.intBitsToFloat(1000)), "1000 is a denormal float");
    }

    @Test
    void intBitsSurviveTexelFetchExactly() throws Exception {
        try (GlThread gl = GlThread.start()) {
            FloatBitsRoundTrip.Result result = gl.call(FloatBitsRoundTrip::check);
            System.out.println(gl.info().renderer() + ": " + result.describe());
            assertTrue(result.exact(), result.describe());
            assertEquals(FloatBitsRoundTrip.patterns().length, result.checked());
        }
    }
}
