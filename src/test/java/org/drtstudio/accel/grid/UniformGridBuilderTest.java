package org.drtstudio.accel.grid;

import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

public class UniformGridBuilderTest {
    /** Random small boxes in [0, 10]³ standing for primitives, with geometry-image indices 100, 101, ... */
    public static ShapePrimitives randomBoxes(int count, long seed) {
        Random rnd = new Random(seed);
        int[] indices = new int[count];
        float[] boxes = new float[6 * count];
        float[] bounds = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int j = 0; j < count; j++) {
            indices[j] = 100 + j;
            for (int a = 0; a < 3; a++) {
                float lo = rnd.nextFloat() * 9.5f, size = rnd.nextFloat() * (rnd.nextInt(10) == 0 ? 5f : 0.5f);
                boxes[6 * j + a] = lo;
                boxes[6 * j + 3 + a] = Math.min(10f, lo + size);
                bounds[a] = Math.min(bounds[a], boxes[6 * j + a]);
                bounds[3 + a] = Math.max(bounds[3 + a], boxes[6 * j + 3 + a]);
            }
        }
        return new ShapePrimitives(7, indices, boxes, bounds);
    }

    private static int word(float[] w, int i) {
        return Float.floatToRawIntBits(w[i]);
    }

    @Test
    void everyCellListsExactlyThePrimitivesWhoseBoxesTouchIt() {
        ShapePrimitives s = randomBoxes(300, 1);
        SpatialLayout layout = UniformGridBuilder.build(List.of(s), GridResolution.density(2));
        float[] w = layout.words();
        int g = 4 * layout.rootTexel(7);
        int nx = word(w, g + 8), ny = word(w, g + 9), nz = word(w, g + 10), table = word(w, g + 7);
        float[] cell = {w[g + 4], w[g + 5], w[g + 6]};
        assertEquals(nx + ny + nz + 2, word(w, g + 3), "step bound");
        long cells = (long) nx * ny * nz;
        assertTrue(cells >= 300 && cells <= 1200, "about 2 cells a primitive: " + nx + "x" + ny + "x" + nz);
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++) {
                    int c = table + x + nx * (y + ny * z);
                    List<Integer> listed = new ArrayList<>();
                    for (int k = word(w, c); k < word(w, c + 1); k++) listed.add(word(w, k));
                    List<Integer> expected = new ArrayList<>();
                    float[] lo = {w[g] + x * cell[0], w[g + 1] + y * cell[1], w[g + 2] + z * cell[2]};
                    for (int j = 0; j < s.count(); j++) {
                        boolean touches = true;
                        for (int a = 0; a < 3; a++) {
                            // Away from cell faces (rounding decides there) the answer is clear-cut.
                            float margin = 1e-4f * cell[a];
                            if (s.boxes()[6 * j + a] > lo[a] + cell[a] + margin || s.boxes()[6 * j + 3 + a] < lo[a] - margin) touches = false;
                        }
                        boolean clearlyTouches = true;
                        for (int a = 0; a < 3; a++) {
                            float margin = 1e-4f * cell[a];
                            if (s.boxes()[6 * j + a] > lo[a] + cell[a] - margin || s.boxes()[6 * j + 3 + a] < lo[a] + margin) clearlyTouches = false;
                        }
                        if (clearlyTouches) assertTrue(listed.contains(s.indices()[j]), "cell " + x + "," + y + "," + z + " lacks " + s.indices()[j]);
                        if (touches) expected.add(s.indices()[j]);
                    }
                    assertTrue(expected.containsAll(listed), "cell " + x + "," + y + "," + z + " lists " + listed + ", touching: " + expected);
                }
    }

    @Test
    void theResolutionFollowsTheDensityAndTheOverride() {
        ShapePrimitives s = randomBoxes(1000, 2);
        for (double k : new double[]{0.5, 2, 8}) {
            int[] n = GridResolution.density(k).cells(1000, 10, 10, 10);
            double total = (double) n[0] * n[1] * n[2];
            assertEquals(k * 1000, total, 0.35 * k * 1000, "density " + k + ": " + n[0] + "x" + n[1] + "x" + n[2]);
        }
        assertArrayEquals(new int[]{4, 2, 1}, GridResolution.density(1).cells(8, 4, 2, 1), "cells shaped like the bounds");
        assertArrayEquals(new int[]{16, 16, 16}, GridResolution.fixed(16).cells(1000, 10, 1, 1));
        int[] flat = GridResolution.DEFAULT.cells(1000, 10, 10, 0);
        assertTrue(flat[0] > 1 && flat[1] > 1 && flat[2] == 1, "a flat shape still gets cells across it");
        SpatialLayout fixed = UniformGridBuilder.build(List.of(s), GridResolution.fixed(5));
        int g = 4 * fixed.rootTexel(7);
        assertEquals(5, Float.floatToRawIntBits(fixed.words()[g + 8]));
    }

    @Test
    void absurdResolutionsAreRefusedWithTheValue() {
        var e = assertThrows(IllegalArgumentException.class, () -> GridResolution.density(-1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GridResolution.density(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> GridResolution.fixed(0));
        assertThrows(IllegalArgumentException.class, () -> GridResolution.fixed(GridResolution.MAX_AXIS_CELLS + 1));
        int[] n = GridResolution.density(1e4).cells(Integer.MAX_VALUE / 2, 1, 1, 1);
        assertTrue((long) n[0] * n[1] * n[2] <= GridResolution.MAX_CELLS, "capped");
    }

    @Test
    void primitivesSpanningAHugeGridAreRefusedAtOnce() {
        // 3,000 boxes over the whole bounds in 100^3 cells: 3 x 10^9 entries, refused while counting.
        int count = 3000;
        int[] idx = new int[count];
        float[] boxes = new float[6 * count];
        for (int j = 0; j < count; j++) for (int a = 0; a < 3; a++) boxes[6 * j + 3 + a] = 1;
        ShapePrimitives s = new ShapePrimitives(0, idx, boxes, new float[]{0, 0, 0, 1, 1, 1});
        var e = assertThrows(IllegalArgumentException.class, () -> UniformGridBuilder.build(List.of(s), GridResolution.fixed(100)));
        assertTrue(e.getMessage().contains("2^31"), e.getMessage());
    }

    @Test
    void anEmptyShapeGetsOneEmptyCell() {
        ShapePrimitives empty = new ShapePrimitives(3, new int[0], new float[0], new float[6]);
        SpatialLayout layout = UniformGridBuilder.build(List.of(empty), GridResolution.DEFAULT);
        float[] w = layout.words();
        int g = 4 * layout.rootTexel(3), table = word(w, g + 7);
        assertEquals(1, word(w, g + 8) * word(w, g + 9) * word(w, g + 10));
        assertEquals(word(w, table), word(w, table + 1));
    }

    /** Random triangles in [0, 10]³ (a few long ones across the grid), with their boxes grown by {@code pad}. */
    static ShapePrimitives randomTriangles(int count, long seed, float pad) {
        Random rnd = new Random(seed);
        int[] indices = new int[count];
        float[] corners = new float[9 * count], boxes = new float[6 * count];
        float[] bounds = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int j = 0; j < count; j++) {
            indices[j] = 100 + j;
            float size = rnd.nextInt(10) == 0 ? 6f : 1f;
            for (int a = 0; a < 3; a++) {
                float base = rnd.nextFloat() * (10 - size);
                for (int k = 0; k < 3; k++) corners[9 * j + 3 * k + a] = base + rnd.nextFloat() * size;
                float lo = Math.min(corners[9 * j + a], Math.min(corners[9 * j + 3 + a], corners[9 * j + 6 + a])) - pad;
                float hi = Math.max(corners[9 * j + a], Math.max(corners[9 * j + 3 + a], corners[9 * j + 6 + a])) + pad;
                boxes[6 * j + a] = lo;
                boxes[6 * j + 3 + a] = hi;
                bounds[a] = Math.min(bounds[a], lo);
                bounds[3 + a] = Math.max(bounds[3 + a], hi);
            }
        }
        return new ShapePrimitives(7, indices, boxes, bounds, corners, pad);
    }

    /** Per grid cell (x + nx (y + ny z)), the primitive indices it lists. */
    private static List<List<Integer>> cellLists(SpatialLayout layout, int root) {
        float[] w = layout.words();
        int g = 4 * layout.rootTexel(root);
        int cells = word(w, g + 8) * word(w, g + 9) * word(w, g + 10), table = word(w, g + 7);
        List<List<Integer>> out = new ArrayList<>();
        for (int c = 0; c < cells; c++) {
            List<Integer> listed = new ArrayList<>();
            for (int k = word(w, table + c); k < word(w, table + c + 1); k++) listed.add(word(w, k));
            out.add(listed);
        }
        return out;
    }

    @Test
    void theExactInsertionListsATriangleWhereverItLiesAndOnlyThere() {
        float pad = 1e-4f;
        ShapePrimitives s = randomTriangles(400, 5, pad);
        GridResolution resolution = GridResolution.fixed(12);
        SpatialLayout exact = UniformGridBuilder.build(List.of(s), resolution, GridInsertion.TRIANGLES);
        SpatialLayout boxes = UniformGridBuilder.build(List.of(s), resolution, GridInsertion.BOXES);
        List<List<Integer>> exactLists = cellLists(exact, 7), boxLists = cellLists(boxes, 7);
        float[] w = exact.words();
        int g = 4 * exact.rootTexel(7);
        float[] origin = {w[g], w[g + 1], w[g + 2]}, cell = {w[g + 4], w[g + 5], w[g + 6]};
        Random rnd = new Random(6);
        long exactEntries = 0, boxEntries = 0;
        for (int c = 0; c < exactLists.size(); c++) {
            assertTrue(boxLists.get(c).containsAll(exactLists.get(c)), "cell " + c + ": the exact lists are a subset of the boxes'");
            exactEntries += exactLists.get(c).size();
            boxEntries += boxLists.get(c).size();
            int x = c % 12, y = (c / 12) % 12, z = c / 144;
            double[] centre = {origin[0] + (x + 0.5) * cell[0], origin[1] + (y + 0.5) * cell[1], origin[2] + (z + 0.5) * cell[2]};
            double[] half = {0.5 * cell[0] + 2 * pad, 0.5 * cell[1] + 2 * pad, 0.5 * cell[2] + 2 * pad};
            for (int index : exactLists.get(c)) {
                float[] t = java.util.Arrays.copyOfRange(s.corners(), 9 * (index - 100), 9 * (index - 100) + 9);
                assertTrue(TriangleBoxOverlapTest.clipLeavesSomething(t, centre, half, 0),
                        "cell " + x + "," + y + "," + z + " lists triangle " + index + ", which lies more than the padding away");
            }
        }
        // Every point of every triangle lies in a cell that lists it (what the walk needs to find its hits).
        for (int j = 0; j < s.count(); j++)
            for (int k = 0; k < 200; k++) {
                double u = rnd.nextDouble(), v = rnd.nextDouble();
                if (u + v > 1) {
                    u = 1 - u;
                    v = 1 - v;
                }
                int[] at = new int[3];
                for (int a = 0; a < 3; a++) {
                    float[] t = s.corners();
                    double p = (1 - u - v) * t[9 * j + a] + u * t[9 * j + 3 + a] + v * t[9 * j + 6 + a];
                    at[a] = Math.max(0, Math.min(11, (int) Math.floor((p - origin[a]) / cell[a])));
                }
                assertTrue(exactLists.get(at[0] + 12 * (at[1] + 12 * at[2])).contains(s.indices()[j]),
                        "triangle " + s.indices()[j] + " has a point in cell " + java.util.Arrays.toString(at) + ", which does not list it");
            }
        assertTrue(exactEntries < 0.8 * boxEntries, "the exact test lists fewer: " + exactEntries + " against " + boxEntries);
    }

    @Test
    void aTriangleWithANanCornerIsListedNowhereAndLeavesTheOthersLists() {
        // Triangle 100 spans the grid but has a NaN corner (the exact test finds it in no cell); 101 is ordinary.
        float[] corners = {0.1f, 0.1f, 0.1f, 0.9f, 0.9f, 0.9f, Float.NaN, 0.5f, 0.5f,
                0.6f, 0.6f, 0.6f, 0.9f, 0.6f, 0.6f, 0.6f, 0.9f, 0.6f};
        float[] boxes = {0, 0, 0, 1, 1, 1, 0.6f, 0.6f, 0.6f, 0.9f, 0.9f, 0.6f};
        ShapePrimitives s = new ShapePrimitives(7, new int[]{100, 101}, boxes, new float[]{0, 0, 0, 1, 1, 1}, corners, 0f);
        List<List<Integer>> lists = cellLists(UniformGridBuilder.build(List.of(s), GridResolution.fixed(4), GridInsertion.TRIANGLES), 7);
        int with101 = 0;
        for (List<Integer> l : lists) {
            assertFalse(l.contains(100), "the NaN triangle is listed nowhere");
            for (int index : l) assertEquals(101, index, "only the ordinary triangle's index is listed: " + l);
            if (l.contains(101)) with101++;
        }
        assertTrue(with101 >= 1, "the ordinary triangle is listed");
    }
}
