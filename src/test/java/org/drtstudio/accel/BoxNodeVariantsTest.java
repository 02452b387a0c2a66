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
        float[] ordered = BoxNodeVariants.ordered(image);
        assertSame(ordered, BoxNodeVariants.ordered(image), "made once per shape level");
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
}
