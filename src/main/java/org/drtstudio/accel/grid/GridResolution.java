package org.drtstudio.accel.grid;

/**
 * How many cells a shape's uniform grid gets. By default from the primitive count and the bounds (after
 * Woo and Cleary/Wyvill): about {@code density × N} cells in all, shaped like the bounds, so each axis
 * gets {@code extent × cbrt(density × N / volume)} cells. That is this program's rule, not Christen
 * 2005's: its GPU Whitted tracer uses a fixed r×r×r grid (issue 42's reading of the paper).
 * {@code fixedCells} sets the same count on every axis, that r×r×r grid ({@code drt render --grid-cells R});
 * which cells list a primitive is {@link GridInsertion}'s choice, the exact triangle–box test by default,
 * as in the paper. The two resolutions measured against each other: docs/ACCEL.md, "Uniform grid".
 *
 * @param density    cells per primitive (the sweep in docs/BENCHMARKS.md chose {@link #DEFAULT_DENSITY})
 * @param fixedCells cells per axis when &gt; 0, else 0
 */
public record GridResolution(double density, int fixedCells) {
    /** Cells per primitive by default: the fastest of the grid-resolution sweep (docs/BENCHMARKS.md). */
    public static final double DEFAULT_DENSITY = 2.0;
    /** Cells per axis at most, and cells in one shape's grid at most (the cell table is one word a cell). */
    public static final int MAX_AXIS_CELLS = 1024;
    public static final long MAX_CELLS = 1L << 26;
    public static final GridResolution DEFAULT = new GridResolution(DEFAULT_DENSITY, 0);

    public GridResolution {
        if (!(density > 0 && density <= 1e4))
            throw new IllegalArgumentException("grid density must be in (0, 10000] cells per primitive, got " + density);
        if (fixedCells < 0 || fixedCells > MAX_AXIS_CELLS)
            throw new IllegalArgumentException("grid cells per axis must be 1 to " + MAX_AXIS_CELLS + ", got " + fixedCells);
    }

    public static GridResolution density(double cellsPerPrimitive) {
        return new GridResolution(cellsPerPrimitive, 0);
    }

    public static GridResolution fixed(int cellsPerAxis) {
        if (cellsPerAxis < 1) throw new IllegalArgumentException("grid cells per axis must be 1 to " + MAX_AXIS_CELLS + ", got " + cellsPerAxis);
        return new GridResolution(DEFAULT_DENSITY, cellsPerAxis);
    }

    /** Cells per axis for {@code count} primitives in a box of these extents (each at least 1, the product at most {@link #MAX_CELLS}). */
    public int[] cells(int count, float ex, float ey, float ez) {
        if (fixedCells > 0) return clampTotal(new int[]{fixedCells, fixedCells, fixedCells});
        float longest = Math.max(ex, Math.max(ey, ez));
        if (!(longest > 0) || count == 0) return new int[]{1, 1, 1};
        // A flat shape has no volume: give its thin axes a floor so the others still get their share.
        double floor = 1e-3 * longest;
        double x = Math.max(ex, floor), y = Math.max(ey, floor), z = Math.max(ez, floor);
        double perLength = Math.cbrt(density * count / (x * y * z));
        return clampTotal(new int[]{axis(ex * perLength), axis(ey * perLength), axis(ez * perLength)});
    }

    private static int axis(double n) {
        return (int) Math.max(1, Math.min(MAX_AXIS_CELLS, Math.round(n)));
    }

    private static int[] clampTotal(int[] n) {
        while ((long) n[0] * n[1] * n[2] > MAX_CELLS) for (int a = 0; a < 3; a++) n[a] = Math.max(1, n[a] / 2);
        return n;
    }

    /** For reports: "density 2" or "64^3". */
    public String describe() {
        return fixedCells > 0 ? fixedCells + "^3" : "density " + (density == Math.rint(density) ? Long.toString((long) density) : Double.toString(density));
    }
}
