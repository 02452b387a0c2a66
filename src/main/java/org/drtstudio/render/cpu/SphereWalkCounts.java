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
        double rays = GridTestCounts.walkCameraRays(walk, p);
        return new PerRay(walk.sphereTests() / rays, walk.spherePrimitiveTests() / rays);
    }
}
