package org.drtstudio.render.cpu;

/**
 * What {@link WhittedIntegrator#radiance} records of its camera ray for the trace pass's guide sums
 * ({@code org.drtstudio.render.GuideSums}, twin of {@code shaders/guide_sums.glsl}) when
 * {@link #on}: the guides and diffuse light of the surface that ends the ray's <em>guide chain</em>
 * (the first hit, or, through a perfect mirror or glass, the surface seen in it along the heavier
 * ray, weighted by the chain's throughput; a chain whose next ray misses ends at the last surface).
 * So a mirror ball's pixels are guided and split by the floor they show (as external denoisers ask
 * of their albedo and normal inputs), not by the ball's own flat, dark surface.
 */
final class GuideRecord {
    /** Whether each radiance call records its camera ray's guides and diffuse light. */
    boolean on;
    /** The chain's last surface: shading normal xyz, albedo rgb times the chain's throughput. */
    final float[] guide = new float[6];
    /**
     * The chain's diffuse light at its last surface, rgb: the ambient term and the lights' diffuse
     * terms times the chain's throughput ({@code org.drtstudio.render.DiffuseSplit}); 0 on a miss.
     */
    final float[] diffuse = new float[3];
    /** The camera ray's first-hit distance, +Inf on a miss. */
    float distance;
}
