package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.TraceParameters;

/**
 * Primitive tests and grid cells per camera ray of a grid or octree walk (the CPU twin's, one thread): the work a
 * structure's lists cost a ray, counted rather than timed, so two insertions of one grid compare on a
 * loaded machine. With the same cells, both insertions walk the same cells for a ray (the walk ends
 * at the cell holding the closest hit, which lists the hit triangle either way), so the counts differ
 * only by the cells' list lengths.
 */
public final class GridTestCounts {
    private GridTestCounts() {
    }

    /** Per camera ray: primitive tests, and cells visited (a grid's DDA steps). */
    public record PerRay(double tests, double cells) {
    }

    /** Counts per camera ray through the pixel centres of {@code p}, with the structure {@code accel} builds now. */
    public static PerRay perCameraRay(GeometryImage image, TraceParameters p, AccelStructure accel) {
        Traversal walk = new Traversal(image, NodeKind.DEFAULT, accel);
        double rays = walkCameraRays(walk, p);
        return new PerRay(walk.spatialPrimitiveTests() / rays, walk.gridCellVisits() / rays);
    }

    /** Walks one ray through each pixel centre of {@code p}'s camera to its closest hit; returns the rays walked. */
    static double walkCameraRays(Traversal walk, TraceParameters p) {
        Hit hit = new Hit();
        float[] dir = new float[3], e = p.eye();
        for (int y = 0; y < p.height(); y++)
            for (int x = 0; x < p.width(); x++) {
                CpuRenderer.primaryDirection(p, x + 0.5f, y + 0.5f, dir);
                hit.reset(Float.POSITIVE_INFINITY);
                walk.closest(e[0], e[1], e[2], dir[0], dir[1], dir[2], 0f, hit);
            }
        return (double) p.width() * p.height();
    }
}
