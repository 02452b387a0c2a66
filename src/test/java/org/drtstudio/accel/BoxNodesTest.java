package org.drtstudio.accel;

import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import static org.drtstudio.accel.GeometryImageLayout.*;
import static org.junit.jupiter.api.Assertions.*;

class BoxNodesTest {
    @Test
    void everyBoxHoldsItsPrimitivesAndChildrenAndKeepsTheLinks() {
        GeometryImage gi = GeometryImagePacker.pack(TestScenes.randomSoup(3, 500, 100));
        float[] boxes = BoxNodes.of(gi), nodes = gi.nodes();
        for (int i = 0; i < gi.nodeCount(); i++) {
            int b = 4 * NODE_TEXELS * i;
            assertEquals(Float.floatToRawIntBits(nodes[b + 5]), Float.floatToRawIntBits(boxes[b + 3]), "skip link of node " + i);
            int count = Float.floatToRawIntBits(nodes[b + 6]), start = Float.floatToRawIntBits(nodes[b + 7]);
            int leaf = Float.floatToRawIntBits(boxes[b + 7]);
            assertEquals(count, leaf >>> BoxNodes.LEAF_COUNT_SHIFT, "count of node " + i);
            if (count == 0) {
                // Both children's boxes inside this one.
                int first = i + 1, second = Float.floatToRawIntBits(nodes[4 * NODE_TEXELS * first + 5]);
                assertInside(boxes, first, i);
                if (second != Float.floatToRawIntBits(nodes[b + 5])) assertInside(boxes, second, i);
                continue;
            }
            assertEquals(start, leaf & ((1 << BoxNodes.LEAF_COUNT_SHIFT) - 1), "first primitive of node " + i);
            for (int p = start; p < start + count; p++) {
                int o = 4 * PRIMITIVE_TEXELS * p;
                boolean sphere = kindOf(Float.floatToRawIntBits(gi.primitives()[o + 3])) == KIND_SPHERE;
                for (int k = 0; k < (sphere ? 1 : 3); k++) {
                    int v = 4 * VERTEX_TEXELS * Float.floatToRawIntBits(gi.primitives()[o + k]);
                    float r = sphere ? gi.vertices()[v + 3] : 0;
                    for (int a = 0; a < 3; a++) {
                        assertTrue(boxes[b + a] <= gi.vertices()[v + a] - r && gi.vertices()[v + a] + r <= boxes[b + 4 + a],
                                "primitive " + p + " inside the box of leaf " + i);
                    }
                }
            }
        }
    }

    private static void assertInside(float[] boxes, int child, int parent) {
        int c = 4 * NODE_TEXELS * child, q = 4 * NODE_TEXELS * parent;
        for (int a = 0; a < 3; a++) {
            assertTrue(boxes[q + a] <= boxes[c + a] && boxes[c + 4 + a] <= boxes[q + 4 + a], "node " + child + " inside " + parent);
        }
    }
}
