package org.drtstudio.accel.octree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.grid.UniformGridBuilderTest;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The report's construction read back from the packed words: each primitive once, straddlers in inner boxes. */
class StraddlingOctreeBuilderTest {
    private static int word(float[] w, int i) {
        return Float.floatToRawIntBits(w[i]);
    }

    @Test
    void everyPrimitiveIsListedOnceInTheSmallestBoxHoldingItAndInnerBoxesKeepOnlyStraddlers() {
        ShapePrimitives s = UniformGridBuilderTest.randomBoxes(2000, 11);
        OctreeLimits limits = new OctreeLimits(8, 6);
        SpatialLayout layout = StraddlingOctreeBuilder.build(List.of(s), limits);
        assertEquals(AccelStructure.OCTREE_REPORT, layout.structure());
        float[] w = layout.words();
        int root = layout.rootTexel(7);
        int count = word(w, 4 * root);
        int first = root + 1, end = first + SpatialLayout.OCTREE_NODE_TEXELS * count;
        Map<Integer, Integer> indexOf = new HashMap<>();
        for (int j = 0; j < s.count(); j++) indexOf.put(s.indices()[j], j);
        int[] times = new int[s.count()];
        int innerWithList = 0, bigLeaves = 0;
        for (int n = first; n < end; n += SpatialLayout.OCTREE_NODE_TEXELS) {
            int skip = word(w, 4 * n + 3), list = word(w, 4 * n + 7);
            int subtreeEnd = skip == SpatialLayout.END ? end : skip;
            boolean inner = subtreeEnd > n + SpatialLayout.OCTREE_NODE_TEXELS;
            if (list == SpatialLayout.NO_LIST) {
                assertTrue(inner, "a leaf lists primitives");
                continue;
            }
            int size = word(w, list);
            float[] mid = new float[3];
            for (int a = 0; a < 3; a++) mid[a] = 0.5f * (w[4 * n + a] + w[4 * n + 4 + a]);
            for (int k = list + 1; k <= list + size; k++) {
                int j = indexOf.get(word(w, k));
                times[j]++;
                for (int a = 0; a < 3; a++) {
                    assertTrue(s.boxes()[6 * j + a] >= w[4 * n + a] && s.boxes()[6 * j + 3 + a] <= w[4 * n + 4 + a],
                            "primitive " + j + " lies inside box " + n);
                }
                // An inner box keeps a primitive only when it straddles a plane through the box's centre.
                if (inner) assertEquals(-1, Octants.containing(s.boxes(), 6 * j, mid), "primitive " + j + " in inner box " + n);
            }
            if (inner) innerWithList++;
            else if (size > limits.leafSize()) bigLeaves++;
        }
        for (int j = 0; j < s.count(); j++) assertEquals(1, times[j], "primitive " + j + " is listed once");
        OctreeStatistics stats = OctreeStatistics.of(layout);
        assertEquals(count, stats.boxes());
        assertEquals(s.count(), stats.entries(), "no copies");
        assertEquals(innerWithList, stats.innerListed());
        assertTrue(innerWithList > 0 && stats.maxDepth() >= 2, stats.toString());
        assertTrue(bigLeaves < count / 4, bigLeaves + " leaves over the limit of " + count + " boxes");
    }

    @Test
    void aBoxWhosePrimitivesAllStraddleStaysALeafWithAllOfThem() {
        // Ten boxes across the centre of the shape: none fits a child, so the root lists all ten.
        int[] idx = new int[10];
        float[] boxes = new float[60];
        for (int j = 0; j < 10; j++) {
            idx[j] = j;
            for (int a = 0; a < 3; a++) {
                boxes[6 * j + a] = 0.4f - 0.01f * j;
                boxes[6 * j + 3 + a] = 0.6f + 0.01f * j;
            }
        }
        ShapePrimitives s = new ShapePrimitives(0, idx, boxes, new float[]{0.31f, 0.31f, 0.31f, 0.69f, 0.69f, 0.69f});
        SpatialLayout layout = StraddlingOctreeBuilder.build(List.of(s), new OctreeLimits(10, 2));
        OctreeStatistics stats = OctreeStatistics.of(layout);
        assertEquals(1, stats.boxes());
        assertEquals(10, stats.maxPerBox());
    }

    @Test
    void theSplitAndCopyTreeListsOnlyInLeavesAndCopies() {
        ShapePrimitives s = UniformGridBuilderTest.randomBoxes(2000, 11);
        OctreeStatistics split = OctreeStatistics.of(SkipListOctreeBuilder.build(List.of(s), OctreeLimits.DEFAULT));
        assertEquals(0, split.innerListed());
        assertTrue(split.entries() > s.count(), "boxes across cell walls are copied: " + split);
        assertThrows(IllegalArgumentException.class, () -> OctreeStatistics.of(
                org.drtstudio.accel.grid.UniformGridBuilder.build(List.of(s), org.drtstudio.accel.grid.GridResolution.DEFAULT)));
    }
}
