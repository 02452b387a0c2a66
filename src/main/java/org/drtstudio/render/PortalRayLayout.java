package org.drtstudio.render;

/**
 * How rays and results of the portal ray kernel are laid out, shared by its two twins
 * ({@code render.cpu.PortalRays} and {@code shaders/voxel_rays.comp} run by
 * {@code render.gl.GlPortalRays}). Rays: {@link #RAY_FLOATS} floats each (origin x, y, z, tMax,
 * direction x, y, z, 0). Results: {@link #RESULT_FLOATS} floats each (t or −1 for a miss, palette
 * index, div steps of the ray and its shadow rays, shadow rays blocked).
 */
public final class PortalRayLayout {
    public static final int RAY_FLOATS = 8, RESULT_FLOATS = 4;
    /** Shadow rays start this far off the hit face (voxels are one unit), clear of float rounding. */
    public static final float SHADOW_OFFSET = 1e-3f;

    private PortalRayLayout() {
    }
}
