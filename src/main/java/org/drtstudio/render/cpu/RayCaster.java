package org.drtstudio.render.cpu;

/**
 * One thread's closest-hit and any-hit queries over a geometry image: the twin's walk
 * ({@link Traversal}), the Java four-wide walk ({@link WideTraversal}) or a native library's.
 * World directions are unit length; distances are world distances; a hit names the geometry
 * image's primitive and instance, and a triangle's barycentrics of v1 and v2, so the shading reads
 * the same texels whichever walk found it.
 */
public interface RayCaster extends AutoCloseable {
    /** Finds the closest hit with 0 < t < hit.t; returns whether one was found. */
    boolean closest(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit);

    /** Whether anything lies on the ray with 0 < t < tMax (shadow rays). */
    boolean occluded(float ox, float oy, float oz, float dx, float dy, float dz, float time, float tMax, Hit scratch);

    /** Lets go of what the caster holds outside the heap; the default holds nothing. */
    @Override
    default void close() {
    }
}
