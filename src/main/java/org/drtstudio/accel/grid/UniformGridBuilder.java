package org.drtstudio.accel.grid;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.WordStream;

import java.util.List;

/**
 * Builds the uniform grid of each shape ({@link SpatialLayout} documents the words): cells per axis
 * from {@link GridResolution}, each primitive listed in the cells {@link GridInsertion} picks among
 * those its padded bounding box touches: all of them ({@code BOXES}: a triangle's box may touch cells
 * the triangle misses, which costs tests, never hits), or those the triangle itself overlaps
 * ({@code TRIANGLES}, the exact test, each cell grown by the shape's padding). Two passes over the
 * primitives, counting then filling, so the lists are written once; the exact test runs in both
 * rather than keeping each primitive's cells, whose count is only bounded by the boxes' (2^31).
 */
public final class UniformGridBuilder {
    private UniformGridBuilder() {
    }

    /** With the default insertion ({@link GridInsertion#DEFAULT}). */
    public static SpatialLayout build(List<ShapePrimitives> shapes, GridResolution resolution) {
        return build(shapes, resolution, GridInsertion.DEFAULT);
    }

    public static SpatialLayout build(List<ShapePrimitives> shapes, GridResolution resolution, GridInsertion insertion) {
        long t0 = System.nanoTime();
        WordStream w = new WordStream();
        int[] roots = new int[shapes.size()], texels = new int[shapes.size()];
        for (int k = 0; k < shapes.size(); k++) {
            roots[k] = shapes.get(k).sphereRoot();
            texels[k] = shape(w, shapes.get(k), resolution, insertion);
        }
        return new SpatialLayout(AccelStructure.GRID, w.toArray(), roots, texels, System.nanoTime() - t0);
    }

    /** Writes one shape's header, cell table and lists; returns its header texel. */
    private static int shape(WordStream w, ShapePrimitives s, GridResolution resolution, GridInsertion insertion) {
        float[] b = s.bounds();
        int[] n = resolution.cells(s.count(), b[3] - b[0], b[4] - b[1], b[5] - b[2]);
        float[] cell = new float[3];
        for (int a = 0; a < 3; a++) {
            float extent = b[3 + a] - b[a];
            cell[a] = extent > 0 ? extent / n[a] : 1f;
        }
        int cells = n[0] * n[1] * n[2];
        CellFilter filter = new CellFilter(s, b, cell, insertion);
        // Pass 1: entries per cell (prefix sums give each cell's first list word).
        long[] first = new long[cells + 1];
        int[] range = new int[6];
        long listed = 0;
        for (int j = 0; j < s.count(); j++) {
            cellRange(s.boxes(), 6 * j, b, cell, n, range);
            // Counted before the loop over the cells, so primitives spanning the whole grid (hostile or
            // degenerate input) are refused at once instead of after billions of steps.
            listed += (long) (range[3] - range[0] + 1) * (range[4] - range[1] + 1) * (range[5] - range[2] + 1);
            if (listed + cells > Integer.MAX_VALUE - 16L * 1024 * 1024)
                throw new IllegalArgumentException("the uniform grid of a shape with " + s.count() + " primitives in "
                        + n[0] + "x" + n[1] + "x" + n[2] + " cells would list more than 2^31 entries; lower the grid resolution");
            boolean exact = filter.exact(j, range);
            for (int z = range[2]; z <= range[5]; z++)
                for (int y = range[1]; y <= range[4]; y++)
                    for (int x = range[0]; x <= range[3]; x++) {
                        int c = x + n[0] * (y + n[1] * z);
                        if (exact && !filter.overlaps(j, x, y, z)) continue;
                        if (exact) filter.keep(j, c);
                        first[c + 1]++;
                    }
        }
        for (int c = 0; c < cells; c++) first[c + 1] += first[c];
        long entries = first[cells];
        int header = w.alignToTexel();
        long tableWord = 4L * header + 4L * SpatialLayout.GRID_HEADER_TEXELS;
        long listWord = tableWord + cells + 1;
        if (listWord + entries > Integer.MAX_VALUE - 16)
            throw new IllegalArgumentException("the uniform grid of a shape with " + s.count() + " primitives needs " + (listWord + entries)
                    + " words, more than 2^31; lower the grid density");
        w.putFloat(b[0]);
        w.putFloat(b[1]);
        w.putFloat(b[2]);
        w.putInt(n[0] + n[1] + n[2] + 2); // a ray crosses at most nx + ny + nz - 2 cells
        w.putFloat(cell[0]);
        w.putFloat(cell[1]);
        w.putFloat(cell[2]);
        w.putInt((int) tableWord);
        w.putInt(n[0]);
        w.putInt(n[1]);
        w.putInt(n[2]);
        w.putInt(0);
        for (int c = 0; c <= cells; c++) w.putInt((int) (listWord + first[c]));
        // Pass 2: fill the lists in primitive order.
        int listStart = w.size();
        int[] fill = new int[cells];
        for (int k = 0; k < entries; k++) w.putInt(0);
        for (int j = 0; j < s.count(); j++) {
            cellRange(s.boxes(), 6 * j, b, cell, n, range);
            if (filter.exact(j, range)) {
                // The cells the exact test kept in pass 1, in the order pass 1 met them (none for a
                // triangle the test finds nowhere: one with a NaN corner).
                for (int k = filter.keptCount(j); k > 0; k--) {
                    int c = filter.nextKept();
                    w.setInt(listStart + (int) first[c] + fill[c]++, s.indices()[j]);
                }
                continue;
            }
            for (int z = range[2]; z <= range[5]; z++)
                for (int y = range[1]; y <= range[4]; y++)
                    for (int x = range[0]; x <= range[3]; x++) {
                        int c = x + n[0] * (y + n[1] * z);
                        w.setInt(listStart + (int) first[c] + fill[c]++, s.indices()[j]);
                    }
        }
        return header;
    }

    /** The cells (inclusive index ranges x0 y0 z0 x1 y1 z1) the box at {@code boxes[o..o+5]} touches. */
    private static void cellRange(float[] boxes, int o, float[] bounds, float[] cell, int[] n, int[] out) {
        for (int a = 0; a < 3; a++) {
            out[a] = clamp((int) Math.floor((boxes[o + a] - bounds[a]) / cell[a]), n[a]);
            out[3 + a] = clamp((int) Math.floor((boxes[o + 3 + a] - bounds[a]) / cell[a]), n[a]);
        }
    }

    /**
     * The exact test of one shape's triangles against its cells, each cell grown by the shape's
     * padding, and the cells it kept, so the filling pass need not test again: a triangle that
     * {@link #exact} picks is filled from them. The kept cells are no more than the entries the
     * stream holds anyway.
     */
    private static final class CellFilter {
        private final ShapePrimitives s;
        private final float[] bounds, cell;
        private final boolean triangles;
        private final double[] centre = new double[3], half = new double[3];
        private final int[] keptCounts;
        private int[] kept = new int[0];
        private int keptSize, cursor;

        CellFilter(ShapePrimitives s, float[] bounds, float[] cell, GridInsertion insertion) {
            this.s = s;
            this.bounds = bounds;
            this.cell = cell;
            this.triangles = insertion == GridInsertion.TRIANGLES;
            for (int a = 0; a < 3; a++) half[a] = 0.5 * cell[a] + s.pad();
            keptCounts = triangles ? new int[s.count()] : null;
        }

        void keep(int j, int c) {
            if (keptSize == kept.length) kept = java.util.Arrays.copyOf(kept, Math.max(1024, 2 * kept.length));
            kept[keptSize++] = c;
            keptCounts[j]++;
        }

        /** Cells pass 1 kept for primitive j (one that {@link #exact} picked). */
        int keptCount(int j) {
            return keptCounts == null ? 0 : keptCounts[j];
        }

        int nextKept() {
            return kept[cursor++];
        }

        /** Whether primitive j's cells need the exact test: a triangle whose box spans more than one cell. */
        boolean exact(int j, int[] range) {
            return triangles && s.hasCorners(j) && (range[0] != range[3] || range[1] != range[4] || range[2] != range[5]);
        }

        boolean overlaps(int j, int x, int y, int z) {
            // The cell's corner as the walks compute it (origin + index × size), in floats.
            centre[0] = (bounds[0] + x * cell[0]) + 0.5 * cell[0];
            centre[1] = (bounds[1] + y * cell[1]) + 0.5 * cell[1];
            centre[2] = (bounds[2] + z * cell[2]) + 0.5 * cell[2];
            return TriangleBoxOverlap.overlaps(s.corners(), 9 * j, centre, half);
        }
    }

    private static int clamp(int i, int n) {
        return Math.max(0, Math.min(n - 1, i));
    }
}
