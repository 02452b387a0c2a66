package org.drtstudio.accel;

import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class BoxNodeVariantsTest {
    private final GeometryImage image = new GeometryImageBuilder().build(TestScenes.randomSoup(3, 700, 150));

    @Test
    void orderedLayoutsPassTheValidator() {
        assertEquals(List.of(), GeometryImageValidator.validate(image));
        float[] fixed = BoxNodeVariants.boxNodes(image);
        // The fixed-order layout is the first octant's shape: the same node count and a whole walk.
        List<String> problems = new ArrayList<>();
        float[] eightFixed = new float[8 * fixed.length];
        for (int o = 0; o < 8; o++) {
            for (int k = 0; k < fixed.length; k += 8) {
                System.arraycopy(fixed, k, eightFixed, o * fixed.length + k, 8);
                int miss = Float.floatToRawIntBits(fixed[k + 3]);
                if (miss != GeometryImageLayout.END)
                    eightFixed[o * fixed.length + k + 3] = Float.intBitsToFloat(miss + o * image.nodeCount());
            }
        }
        GeometryImageValidator.checkBoxLayouts(image, eightFixed, problems);
        GeometryImageValidator.checkBoxLayouts(image, BoxNodeVariants.octantOrderedBoxNodes(image), problems);
        assertEquals(List.of(), problems);
    }

    @Test
    void theValidatorCatchesBrokenLayouts() {
        float[] ordered = BoxNodeVariants.octantOrderedBoxNodes(image).clone();
        int n = image.nodeCount();
        // Shrink one leaf's box in octant 3 so a primitive sticks out, and point a skip link back in octant 5.
        int leafNode = -1;
        for (int k = 0; k < n && leafNode < 0; k++) if (Float.floatToRawIntBits(ordered[8 * (3 * n + k) + 7]) != 0) leafNode = 3 * n + k;
        for (int a = 0; a < 3; a++) ordered[8 * leafNode + 4 + a] = ordered[8 * leafNode + a];
        ordered[8 * (5 * n + 2) + 3] = Float.intBitsToFloat(5 * n);
        List<String> problems = new ArrayList<>();
        GeometryImageValidator.checkBoxLayouts(image, ordered, problems);
        assertTrue(problems.stream().anyMatch(p -> p.contains("sticks out of octant 3")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("octant 5")), problems.toString());
    }

    /**
     * The 4-wide layout covers each shape's primitives exactly once, every wide node but the roots
     * is one slot's child, used slots come before empty ones, and every slot's box holds what is
     * below it (child slots' boxes, or the leaf's primitives' vertices).
     */
    @Test
    void wideNodesCoverEveryPrimitiveOnceInsideTheirBoxes() {
        BoxNodeVariants.Wide wide = BoxNodeVariants.wideBoxNodes(image);
        float[] w = wide.nodes();
        int[] parents = new int[wide.nodeCount()];
        int[] primRefs = new int[image.primitiveCount()];
        java.util.Set<Integer> roots = new java.util.HashSet<>();
        for (int k = 0; k < image.instanceCount(); k++) roots.add(Float.floatToRawIntBits(wide.roots()[4 * k]));
        assertFalse(roots.isEmpty());
        for (int node = 0; node < wide.nodeCount(); node++) {
            boolean empty = false;
            for (int k = 0; k < 4; k++) {
                int o = 4 * (BoxNodeVariants.WIDE_TEXELS * node + 2 * k);
                int child = Float.floatToRawIntBits(w[o + 3]);
                if (child == BoxNodeVariants.WIDE_EMPTY) {
                    empty = true;
                    continue;
                }
                assertFalse(empty, "node " + node + ": a used slot after an empty one");
                if (child >= 0) {
                    parents[child]++;
                    for (int c = 0; c < 4; c++) {
                        int co = 4 * (BoxNodeVariants.WIDE_TEXELS * child + 2 * c);
                        if (Float.floatToRawIntBits(w[co + 3]) == BoxNodeVariants.WIDE_EMPTY) continue;
                        for (int a = 0; a < 3; a++) {
                            assertTrue(w[o + a] <= w[co + a] && w[co + 4 + a] <= w[o + 4 + a], "child " + child + " inside node " + node);
                        }
                    }
                } else {
                    int leaf = Float.floatToRawIntBits(w[o + 7]);
                    assertEquals(1, leaf & 1, "leaf word of node " + node + " slot " + k);
                    for (int p = leaf >> 6; p < (leaf >> 6) + (leaf >> 1 & 31); p++) {
                        primRefs[p]++;
                        boolean sphere = GeometryImageLayout.kindOf(Float.floatToRawIntBits(image.primitives()[4 * p + 3])) == GeometryImageLayout.KIND_SPHERE;
                        for (int v = 0; v < (sphere ? 1 : 3); v++) {
                            int vo = 4 * GeometryImageLayout.VERTEX_TEXELS * Float.floatToRawIntBits(image.primitives()[4 * GeometryImageLayout.PRIMITIVE_TEXELS * p + v]);
                            float r = sphere ? image.vertices()[vo + 3] : 0;
                            for (int a = 0; a < 3; a++) {
                                assertTrue(w[o + a] <= image.vertices()[vo + a] - r && image.vertices()[vo + a] + r <= w[o + 4 + a],
                                        "primitive " + p + " inside node " + node + " slot " + k);
                            }
                        }
                    }
                }
            }
        }
        for (int node = 0; node < wide.nodeCount(); node++) {
            assertEquals(roots.contains(node) ? 0 : 1, parents[node], "references to wide node " + node);
        }
        for (int p = 0; p < primRefs.length; p++) assertEquals(1, primRefs[p], "leaf slots holding primitive " + p);
    }
}
