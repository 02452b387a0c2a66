package org.drtstudio.studio.inspector;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the inspector's number fields accept, and how they show values. */
class FieldRuleTest {
    @Test
    void positionsFollowTheScenesScaleAndRefuseNanAndInfinity() {
        double[] limit = {2400};
        FieldRule move = FieldRule.scaled("Move x", () -> limit[0]);
        assertEquals(Optional.empty(), move.check(-2399));
        assertEquals(Optional.of("Move x: 1e+30 is outside -2400 … 2400 (the scene's size × 1000)"), move.check(1e30));
        assertEquals(Optional.of("Move x: not a number (NaN)"), move.check(Double.NaN));
        assertEquals(Optional.of("Move x: must be finite, got Infinity"), move.check(Double.POSITIVE_INFINITY));
        limit[0] = 1e31; // a larger scene: the same value is fine
        assertEquals(Optional.empty(), move.check(1e30));
    }

    @Test
    void wholeNumbersShowNoDecimalsAndRefuseFractions() {
        FieldRule width = FieldRule.whole("Width", 1, 16384);
        assertEquals("640", width.format(640.0));
        assertEquals(Optional.of("Width: must be a whole number, got 640.5"), width.check(640.5));
        assertEquals(Optional.of("Width: 0 is outside 1 … 16384"), width.check(0));
    }

    @Test
    void infinityOnlyWhereItMeansSomething() {
        FieldRule f = FieldRule.real("f-number", 0.1, 1e6).allowingInfinity();
        assertEquals(Optional.empty(), f.check(Double.POSITIVE_INFINITY));
        assertEquals("Infinity", f.format(Double.POSITIVE_INFINITY));
        assertTrue(f.check(Double.NEGATIVE_INFINITY).isPresent());
    }

    @Test
    void realsShowFourSignificantDigitsWithoutTrailingZeros() {
        FieldRule r = FieldRule.real("x", -10, 10);
        assertEquals("179", r.format(179));
        assertEquals("-0.8", r.format(-0.8f));
        assertEquals("0.1235", r.format(0.123456));
        assertEquals("1e+30", r.format(1e30));
        assertEquals("0", r.format(0));
    }
}
