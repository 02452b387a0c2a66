package org.drtstudio.accel.octree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.WordStream;

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
        long t0 = System.nanoTime();
        WordStream w = new WordStream();
        int[] roots = new int[shapes.size()], texels = new int[shapes.size()];
        for (int k = 0; k < shapes.size(); k++) {
            ShapePrimitives s = shapes.get(k);
            roots[k] = s.sphereRoot();
            int[] all = new int[s.count()];
            for (int j = 0; j < all.length; j++) all[j] = j;
            texels[k] = OctreeFlattener.write(w, s, new OctreeNode(s.bounds().clone(), all, null));
        }
        return new SpatialLayout(AccelStructure.BRUTE, w.toArray(), roots, texels, System.nanoTime() - t0);
    }
}
