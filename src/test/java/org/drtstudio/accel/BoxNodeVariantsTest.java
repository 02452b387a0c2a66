package org.drtstudio.accel;

import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class BoxNodeVariantsTest {
    private final GeometryImage image = new GeometryImageBuilder().build(TestScenes.randomSoup(3, 700, 150));

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    /** Every leaf's box holds its primitives' vertices, and every inner box holds its children's. */
    @Test
    void boxesAreConservative() {
        float[] b = BoxNodeVariants.boxNodes(image), prims = image.primitives();
        int n = image.nodeCount();
        for (int i = 0; i < n; i++) {
            int leaf = bits(b[8 * i + 7]);
            if (leaf == 0) continue;
            int start = leaf >> 6, count = leaf >> 1 & 31;
            for (int p = start; p < start + count; p++) {
                int o = 4 * GeometryImageLayout.PRIMITIVE_TEXELS * p;
                boolean sphere = bits(prims[o + 3]) == GeometryImageLayout.KIND_SPHERE;
                float r = sphere ? prims[o + 4] : 0;
                for (int a = 0; a < 3; a++) {
                    assertTrue(b[8 * i + a] <= prims[o + a] - r && prims[o + a] + r <= b[8 * i + 4 + a], "node " + i + " prim " + p);
                    if (!sphere) {
                        for (int v = 1; v < 3; v++) {
                            float x = prims[o + a] + prims[o + 4 * v + a];
                            assertTrue(b[8 * i + a] <= x && x <= b[8 * i + 4 + a], "node " + i + " prim " + p + " vertex " + v);
                        }
                    }
                }
            }
        }
    }

    /**
     * In each of the eight ordered layouts, a walk that enters every node (the hit path of a ray
     * meeting every box) visits each node of a shape exactly once, and reaches the same leaves as
     * the fixed order.
     */
    @Test
    void everyOctantLayoutIsAWholeTreeWalk() {
        float[] fixed = BoxNodeVariants.boxNodes(image), ordered = BoxNodeVariants.octantOrderedBoxNodes(image);
        int n = image.nodeCount();
        assertEquals(8 * 8 * n, ordered.length);
        java.util.Set<Integer> fixedLeaves = leaves(fixed, 0, n);
        for (int octant = 0; octant < 8; octant++) {
            assertEquals(fixedLeaves, leaves(ordered, octant * n, n), "octant " + octant);
            // Skipping from any node lands after its subtree: the miss link points forward or ends.
            for (int k = 0; k < n; k++) {
                int miss = bits(ordered[8 * (octant * n + k) + 3]);
                assertTrue(miss == GeometryImageLayout.END || miss > octant * n + k && miss < (octant + 1) * n, "octant " + octant + " node " + k);
            }
        }
    }

    /** The leaf words met walking every shape of a layout from its roots, entering every node. */
    private java.util.Set<Integer> leaves(float[] nodes, int base, int n) {
        java.util.Set<Integer> out = new java.util.HashSet<>();
        int visits = 0;
        for (int shapeRoot : roots()) {
            int node = base + shapeRoot;
            while (node != GeometryImageLayout.END) {
                assertTrue(++visits <= n, "the walk revisits nodes");
                int leaf = bits(nodes[8 * node + 7]);
                if (leaf != 0) {
                    assertTrue(out.add(leaf), "leaf met twice");
                    node = bits(nodes[8 * node + 3]);
                } else {
                    node++;
                }
            }
        }
        assertEquals(n, visits, "every node entered once");
        return out;
    }

    private java.util.List<Integer> roots() {
        java.util.List<Integer> roots = new java.util.ArrayList<>();
        for (int k = 0; k < image.instanceCount(); k++)
            roots.add(bits(image.instances()[4 * (GeometryImageLayout.INSTANCE_TEXELS * k + 12)]));
        return roots;
    }
}
