package org.drtstudio.accel.octree;

import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.grid.UniformGridBuilderTest;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

class SkipListOctreeBuilderTest {
    private static int word(float[] w, int i) {
        return Float.floatToRawIntBits(w[i]);
    }

    @Test
    void theSkipListIsAPreOrderWithForwardLinksAndOneEndMarker() {
        ShapePrimitives s = UniformGridBuilderTest.randomBoxes(500, 3);
        OctreeLimits limits = new OctreeLimits(6, 4);
        SpatialLayout layout = SkipListOctreeBuilder.build(List.of(s), limits);
        float[] w = layout.words();
        int root = layout.rootTexel(7);
        int count = word(w, 4 * root);
        int first = root + 1, end = first + SpatialLayout.OCTREE_NODE_TEXELS * count;
        assertTrue(count > 50, "subdivided: " + count + " nodes");
        int ends = 0, leaves = 0;
        Set<Integer> listed = new HashSet<>();
        for (int n = first; n < end; n += SpatialLayout.OCTREE_NODE_TEXELS) {
            int skip = word(w, 4 * n + 3), list = word(w, 4 * n + 7);
            if (skip == SpatialLayout.END) ends++;
            else assertTrue(skip > n && skip <= end - SpatialLayout.OCTREE_NODE_TEXELS && (skip - first) % SpatialLayout.OCTREE_NODE_TEXELS == 0,
                    "node " + n + " skips to " + skip);
            // Every node of the subtree [n + 1 node, skip) lies inside n's box: pre-order with the subtree contiguous.
            int subtreeEnd = skip == SpatialLayout.END ? end : skip;
            for (int c = n + SpatialLayout.OCTREE_NODE_TEXELS; c < subtreeEnd; c += SpatialLayout.OCTREE_NODE_TEXELS)
                for (int a = 0; a < 3; a++) {
                    assertTrue(w[4 * c + a] >= w[4 * n + a] - 1e-3f && w[4 * c + 4 + a] <= w[4 * n + 4 + a] + 1e-3f, "node " + c + " in " + n);
                }
            if (list == SpatialLayout.NO_LIST) {
                assertTrue(subtreeEnd > n + SpatialLayout.OCTREE_NODE_TEXELS, "an inner node has children");
                continue;
            }
            leaves++;
            int size = word(w, list);
            assertEquals(subtreeEnd, n + SpatialLayout.OCTREE_NODE_TEXELS, "a leaf's skip is the next node");
            for (int k = list + 1; k <= list + size; k++) listed.add(word(w, k));
            float cellSize = w[4 * n + 4] - w[4 * n];
            float rootSize = w[4 * first + 4] - w[4 * first];
            boolean atMaxDepth = cellSize < rootSize / (1 << limits.maxDepth()) * 1.01f;
            assertTrue(size <= limits.leafSize() || atMaxDepth || size > 0, "leaf of " + size);
        }
        assertEquals(0, word(w, 4 * (end - SpatialLayout.OCTREE_NODE_TEXELS) + 3) - SpatialLayout.END, "the last node ends the list");
        assertTrue(ends >= 1 && leaves > 10, ends + " end markers, " + leaves + " leaves");
        for (int j : s.indices()) assertTrue(listed.contains(j), "primitive " + j + " is in a leaf");
    }

    @Test
    void primitivesLargerThanTheCellsStopTheSubdivision() {
        // Eight boxes each covering the whole shape: no child would hold fewer, so the root is a leaf.
        int[] idx = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        float[] boxes = new float[60];
        for (int j = 0; j < 10; j++) for (int a = 0; a < 3; a++) boxes[6 * j + 3 + a] = 1;
        ShapePrimitives s = new ShapePrimitives(0, idx, boxes, new float[]{0, 0, 0, 1, 1, 1});
        SpatialLayout layout = SkipListOctreeBuilder.build(List.of(s), new OctreeLimits(10, 2));
        assertEquals(1, word(layout.words(), 4 * layout.rootTexel(0)), "one node");
    }

    @Test
    void absurdLimitsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new OctreeLimits(-1, 8));
        assertThrows(IllegalArgumentException.class, () -> new OctreeLimits(21, 8));
        assertThrows(IllegalArgumentException.class, () -> new OctreeLimits(8, 0));
    }
}
