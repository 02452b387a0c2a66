package org.drtstudio.accel.octree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds each shape's octree by splitting and copying ({@code --accel octree}), flattened in
 * pre-order with skip links as the CUDA octree report lays its tree out ({@link OctreeFlattener}):
 * cells split at their centre; a primitive goes to every child its padded box touches, so only
 * leaves list primitives; empty children are left out. The report's own construction, which keeps
 * straddling primitives in the inner box, is {@link StraddlingOctreeBuilder}.
 */
public final class SkipListOctreeBuilder {
    private SkipListOctreeBuilder() {
    }

    public static SpatialLayout build(List<ShapePrimitives> shapes, OctreeLimits limits) {
        return OctreeFlattener.layout(AccelStructure.OCTREE, shapes,
                (s, all) -> subdivide(s, s.bounds().clone(), all, 0, limits.depthFor(s.count()), limits.leafSize()));
    }

    private static OctreeNode subdivide(ShapePrimitives s, float[] cell, int[] prims, int depth, int maxDepth, int leafSize) {
        if (prims.length <= leafSize || depth >= maxDepth) return new OctreeNode(cell, prims, null);
        float[] mid = new float[3];
        for (int a = 0; a < 3; a++) mid[a] = 0.5f * (cell[a] + cell[3 + a]);
        List<float[]> cells = new ArrayList<>();
        List<int[]> lists = new ArrayList<>();
        boolean progress = false;
        int[] scratch = new int[prims.length];
        for (int octant = 0; octant < 8; octant++) {
            float[] c = Octants.child(cell, mid, octant);
            int n = 0;
            for (int j : prims) if (overlaps(s.boxes(), 6 * j, c)) scratch[n++] = j;
            if (n == 0) continue;
            if (n < prims.length) progress = true;
            cells.add(c);
            lists.add(Arrays.copyOf(scratch, n));
        }
        if (!progress) return new OctreeNode(cell, prims, null);
        List<OctreeNode> children = new ArrayList<>(cells.size());
        for (int k = 0; k < cells.size(); k++) children.add(subdivide(s, cells.get(k), lists.get(k), depth + 1, maxDepth, leafSize));
        return new OctreeNode(cell, OctreeNode.NONE, children);
    }

    private static boolean overlaps(float[] boxes, int o, float[] c) {
        for (int a = 0; a < 3; a++) if (boxes[o + a] > c[3 + a] || boxes[o + 3 + a] < c[a]) return false;
        return true;
    }
}
