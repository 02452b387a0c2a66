package org.drtstudio.io;

import java.util.List;
import java.util.Locale;

/**
 * One step of loading or preparing a scene and the wall time it took, so a user (and {@code drt
 * info}) can see where the time of a large import went: reading and parsing, triangles and normals,
 * hierarchy build, packing.
 */
public record TimedPhase(String name, double millis) {
    /** The phases as one line: {@code "1,234.5 ms: parse 800.0, mesh 400.0, ..."}. */
    public static String summary(List<TimedPhase> phases) {
        double total = phases.stream().mapToDouble(TimedPhase::millis).sum();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%,.1f ms", total));
        String sep = ": ";
        for (TimedPhase p : phases) {
            sb.append(sep).append(p.name()).append(String.format(Locale.ROOT, " %,.1f", p.millis()));
            sep = ", ";
        }
        return sb.toString();
    }

    /** Milliseconds since {@code startNanos} (a {@link System#nanoTime()} reading). */
    public static double since(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
