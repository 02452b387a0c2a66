package org.drtstudio.accel.octree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds each shape's octree as the CUDA octree report describes its construction
 * ({@code --accel octree-report}): a box holding more than {@link OctreeLimits#leafSize()}
 * primitives is split at its centre into eight; each primitive whose padded box lies inside one
 * child moves down to it, and a primitive that straddles a splitting plane stays in the box, so
 * every primitive is listed exactly once and an inner box may hold a list of its own. A box whose
 * primitives all straddle (nothing would move), or that is at the depth limit, stays a leaf, so a box
 * may list more than the limit: {@link OctreeStatistics#maxPerBox()} says how many. Flattened like
 * the split-and-copy tree ({@link OctreeFlattener}); both tracers test a box's list when the ray
 * meets the box, then go on to its children.
 */
public final class StraddlingOctreeBuilder {
    /**
     * Boxes of more than 16 primitives are split by default: twice the split-and-copy tree's leaf size,
     * since a box here also holds its straddlers; not swept yet (docs/ACCEL.md, "Octrees").
     * The depth limit is {@link OctreeLimits#maxDepth()} itself: no primitive is ever copied, so the
     * tree cannot blow up the way a split-and-copy tree can.
     */
    public static final OctreeLimits DEFAULT_LIMITS = new OctreeLimits(10, 16);

    private StraddlingOctreeBuilder() {
    }

    public static SpatialLayout build(List<ShapePrimitives> shapes, OctreeLimits limits) {
        return OctreeFlattener.layout(AccelStructure.OCTREE_REPORT, shapes,
                (s, all) -> subdivide(s, s.bounds().clone(), all, 0, limits.maxDepth(), limits.leafSize()));
    }

    private static OctreeNode subdivide(ShapePrimitives s, float[] cell, int[] prims, int depth, int maxDepth, int limit) {
        if (prims.length <= limit || depth >= maxDepth) return new OctreeNode(cell, prims, null);
        float[] mid = new float[3];
        for (int a = 0; a < 3; a++) mid[a] = 0.5f * (cell[a] + cell[3 + a]);
        int[] octantOf = new int[prims.length];
        int[] perOctant = new int[8];
        int straddling = 0;
        for (int i = 0; i < prims.length; i++) {
            octantOf[i] = Octants.containing(s.boxes(), 6 * prims[i], mid);
            if (octantOf[i] < 0) straddling++;
            else perOctant[octantOf[i]]++;
        }
        if (straddling == prims.length) return new OctreeNode(cell, prims, null);
        int[] stays = new int[straddling];
        int[][] lists = new int[8][];
        for (int o = 0; o < 8; o++) lists[o] = new int[perOctant[o]];
        int[] fill = new int[8];
        int kept = 0;
        for (int i = 0; i < prims.length; i++) {
            int o = octantOf[i];
            if (o < 0) stays[kept++] = prims[i];
            else lists[o][fill[o]++] = prims[i];
        }
        List<OctreeNode> children = new ArrayList<>();
        for (int o = 0; o < 8; o++) {
            if (lists[o].length == 0) continue;
            children.add(subdivide(s, Octants.child(cell, mid, o), lists[o], depth + 1, maxDepth, limit));
        }
        return new OctreeNode(cell, stays.length == 0 ? OctreeNode.NONE : Arrays.copyOf(stays, stays.length), children);
    }
}
