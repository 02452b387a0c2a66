package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

/**
 * How a CPU tracer's threads find hits in an image's shape level: each thread opens its own
 * {@link RayCaster}. The production walks differ from the GPU twin only in speed and in the last
 * bits of a hit's distance; the shading, sampling and sums are the same code.
 */
public interface CpuWalk extends AutoCloseable {
    /** A caster for one thread over {@code image}; the caller closes it. */
    RayCaster open(GeometryImage image);

    /** What walks the rays of {@code image}, for status lines ("Embree 3", "Java 4-wide BVH"). */
    String name(GeometryImage image);

    /** The walk in general, before any image is known. */
    String name();

    /** Lets go of what the walk keeps between images (native scenes); the default keeps nothing. */
    @Override
    default void close() {
    }
}
