package org.drtstudio.accel.octree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;

import java.util.List;

/**
 * {@code --accel brute}: the OpenCL sphere caster's brute force, every ray against every primitive of
 * a shape (issue 42), as the octree layout's degenerate case: one box, the shape's bounds, listing
 * every primitive. Both tracers walk it with the octree walk they already have, so brute force needs
 * no walk of its own: a ray that meets the shape's bounds tests the whole list. The one box test per
 * ray is the only difference from the paper's loop, and it only skips rays that would have missed
 * every primitive.
 */
public final class BruteForceListBuilder {
    private BruteForceListBuilder() {
    }

    public static SpatialLayout build(List<ShapePrimitives> shapes) {
        return OctreeFlattener.layout(AccelStructure.BRUTE, shapes, (s, all) -> new OctreeNode(s.bounds().clone(), all, null));
    }
}
