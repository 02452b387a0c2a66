package org.drtstudio.render.cpu;

/**
 * One thread's closest-hit and any-hit queries over a geometry image: the twin's walk
 * ({@link Traversal}), the Java four-wide walk ({@link WideTraversal}) or a native library's.
 * World directions are unit length; distances are world distances; a hit names the geometry
 * image's primitive and instance, and a triangle's barycentrics of v1 and v2, so the shading reads
 * the same texels whichever walk found it.
 */
public interface RayCaster extends AutoCloseable {
    /**
     * The walk both queries share: with {@code anyHit} false the closest hit with 0 < t < hit.t into
     * {@code hit}, with true whether anything lies there; returns whether something was found.
     */
    boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit);

    /** Finds the closest hit with 0 < t < hit.t; returns whether one was found. */
    default boolean closest(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit) {
        return walk(ox, oy, oz, dx, dy, dz, time, hit, false);
    }

    /** Whether anything lies on the ray with 0 < t < tMax (shadow rays). */
    default boolean occluded(float ox, float oy, float oz, float dx, float dy, float dz, float time, float tMax, Hit scratch) {
        scratch.reset(tMax);
        return walk(ox, oy, oz, dx, dy, dz, time, scratch, true);
    }

    /** Lets go of what the caster holds outside the heap; the default holds nothing. */
    @Override
    default void close() {
    }
}
