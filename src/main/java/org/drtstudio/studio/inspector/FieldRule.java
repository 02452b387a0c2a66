package org.drtstudio.studio.inspector;

import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * What a number field accepts: a whole number or any, between limits that may follow the scene's
 * scale (a position a thousand times the scene's size away would leave nothing on screen and lose
 * the tracers' precision), never NaN, and infinity only where it means something (the pinhole's
 * f-number). {@link #check} gives the user-facing reason a value is refused.
 *
 * @param label    the field's name in messages
 * @param integer  whole numbers only (shown without decimals)
 * @param min      smallest accepted value, asked at the time of the check
 * @param max      largest accepted value, asked at the time of the check
 * @param infinity whether +Infinity is accepted beyond {@code max}
 * @param scaleNote why the limits are what they are, when they follow the scene ("" when fixed)
 */
public record FieldRule(String label, boolean integer, DoubleSupplier min, DoubleSupplier max, boolean infinity, String scaleNote) {
    static FieldRule real(String label, double min, double max) {
        return new FieldRule(label, false, () -> min, () -> max, false, "");
    }

    static FieldRule whole(String label, int min, int max) {
        return new FieldRule(label, true, () -> min, () -> max, false, "");
    }

    /** Within ±{@code limit} (which follows the scene's size). */
    static FieldRule scaled(String label, DoubleSupplier limit) {
        return new FieldRule(label, false, () -> -limit.getAsDouble(), limit, false, "the scene's size × 1000");
    }

    /** Within 0..{@code limit} (which follows the scene's size). */
    static FieldRule scaledNonNegative(String label, DoubleSupplier limit) {
        return new FieldRule(label, false, () -> 0, limit, false, "the scene's size × 1000");
    }

    /** Within {@code limit} × 10⁻⁶ .. {@code limit}: a size that must not be 0 (which follows the scene's size). */
    static FieldRule scaledPositive(String label, DoubleSupplier limit) {
        return new FieldRule(label, false, () -> limit.getAsDouble() * 1e-6, limit, false, "the scene's size × 0.001 … × 1000");
    }

    FieldRule allowingInfinity() {
        return new FieldRule(label, integer, min, max, true, scaleNote);
    }

    /** The reason {@code v} is refused, or empty when it is accepted. */
    Optional<String> check(double v) {
        if (Double.isNaN(v)) return Optional.of(label + ": not a number (NaN)");
        if (v == Double.POSITIVE_INFINITY && infinity) return Optional.empty();
        if (Double.isInfinite(v)) return Optional.of(label + ": must be finite, got " + (v > 0 ? "Infinity" : "-Infinity"));
        if (integer && v != Math.rint(v)) return Optional.of(label + ": must be a whole number, got " + plain(v));
        double lo = min.getAsDouble(), hi = max.getAsDouble();
        if (v < lo || v > hi) {
            return Optional.of(label + ": " + format(v) + " is outside " + format(lo) + " … " + format(hi)
                    + (scaleNote.isEmpty() ? "" : " (" + scaleNote + ")"));
        }
        return Optional.empty();
    }

    /** The field's text for {@code v}: whole numbers without decimals, others to four significant digits. */
    public String format(double v) {
        if (integer && Double.isFinite(v)) return Long.toString(Math.round(v));
        return plain(v);
    }

    /** Four significant digits without trailing zeros; "Infinity" for +infinity. */
    private static String plain(double v) {
        if (v == Double.POSITIVE_INFINITY) return "Infinity";
        return String.format(Locale.ROOT, "%.4g", v).replaceFirst("(\\.\\d*?)0+(e|$)", "$1$2").replaceFirst("\\.(e|$)", "$1");
    }
}
