package org.drtstudio.accel.grid;

import java.util.Locale;

/**
 * Which cells of a uniform grid list a primitive. Both are conservative (no cell where a tracer could
 * hit the primitive goes without it); they differ in how many cells they list it in, so in how many
 * tests a ray makes. Measured against each other in docs/ACCEL.md ("Uniform grid").
 */
public enum GridInsertion {
    /** Every cell the primitive's padded bounding box touches: this program's first rule. */
    BOXES,
    /**
     * A triangle in every cell (grown by the padding) it overlaps, by the exact separating-axis test
     * ({@link TriangleBoxOverlap}), as Christen 2005 inserts; spheres by their boxes.
     */
    TRIANGLES;

    /** The default: fewer cells a triangle, fewer tests a ray (docs/ACCEL.md). */
    public static final GridInsertion DEFAULT = TRIANGLES;

    /** The command line's word: {@code boxes} or {@code triangles}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value of a command-line word; the message names the word and the choices. */
    public static GridInsertion parse(String word) {
        for (GridInsertion g : values()) if (g.cliName().equals(word)) return g;
        throw new IllegalArgumentException("--grid-insert must be boxes or triangles, got '" + word + "'");
    }
}
