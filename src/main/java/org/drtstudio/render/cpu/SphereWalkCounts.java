package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.TraceParameters;

/**
 * The work of the sphere walk ({@code --nodes spheres}) per camera ray, counted by the CPU twin:
 * shape-level bounding spheres tested and primitives tested, through the pixel centres. The counts
 * do not depend on the machine or its load, so they compare sphere trees (binary, thrown back)
 * where timings on a shared machine scatter.
 */
public final class SphereWalkCounts {
    private SphereWalkCounts() {
    }

    /** Per camera ray: bounding spheres tested in shapes, primitives tested. */
    public record PerRay(double sphereTests, double primitiveTests) {
    }

    public static PerRay perCameraRay(GeometryImage image, TraceParameters p) {
        Traversal walk = new Traversal(image, NodeKind.SPHERES);
        Hit hit = new Hit();
        float[] dir = new float[3], e = p.eye();
        for (int y = 0; y < p.height(); y++)
            for (int x = 0; x < p.width(); x++) {
                CpuRenderer.primaryDirection(p, x + 0.5f, y + 0.5f, dir);
                hit.reset(Float.POSITIVE_INFINITY);
                walk.closest(e[0], e[1], e[2], dir[0], dir[1], dir[2], 0f, hit);
            }
        double rays = (double) p.width() * p.height();
        return new PerRay(walk.sphereTests() / rays, walk.spherePrimitiveTests() / rays);
    }
}
