package org.drtstudio.render.cpu;

import org.drtstudio.accel.voxel.PortalSpace;
import org.drtstudio.render.PortalRayLayout;
import org.drtstudio.render.TraceParameters;

/**
 * Rays through a {@link PortalSpace} on the CPU, the twin of {@code shaders/voxel_rays.comp}: per
 * ray its closest voxel face and, from a hit, one shadow ray to each of the first
 * {@code shadowLights} lights.
 *
 * <p>Rays and results are laid out as {@link PortalRayLayout} says.
 */
public final class PortalRays {
    public static final int RAY_FLOATS = PortalRayLayout.RAY_FLOATS;
    public static final float SHADOW_OFFSET = PortalRayLayout.SHADOW_OFFSET;

    private PortalRays() {
    }

    /** The camera rays through the pixel centres (sample 0 of each pixel), row by row, tMax infinite. */
    public static float[] cameraRays(TraceParameters p) {
        PrimaryRays camera = new PrimaryRays(p);
        float[] rays = new float[RAY_FLOATS * p.width() * p.height()];
        for (int y = 0, r = 0; y < p.height(); y++)
            for (int x = 0; x < p.width(); x++, r += RAY_FLOATS) {
                camera.generate(x, y, 0);
                System.arraycopy(camera.origin, 0, rays, r, 3);
                rays[r + 3] = Float.POSITIVE_INFINITY;
                System.arraycopy(camera.direction, 0, rays, r + 4, 3);
            }
        return rays;
    }

    public static float[] trace(PortalSpace space, float[] rays, float[] lights, int shadowLights) {
        PortalTraversal walk = new PortalTraversal(space), shadow = new PortalTraversal(space);
        int count = rays.length / RAY_FLOATS;
        float[] out = new float[4 * count];
        for (int i = 0; i < count; i++) {
            int r = RAY_FLOATS * i;
            float ox = rays[r], oy = rays[r + 1], oz = rays[r + 2], dx = rays[r + 4], dy = rays[r + 5], dz = rays[r + 6];
            boolean hit = walk.closest(ox, oy, oz, dx, dy, dz, rays[r + 3]);
            int steps = walk.steps;
            float blocked = 0;
            if (hit) {
                float[] p = {ox + walk.t * dx, oy + walk.t * dy, oz + walk.t * dz};
                p[walk.normalAxis] += walk.normalSign * SHADOW_OFFSET;
                for (int l = 0; l < shadowLights; l++) {
                    float lx = lights[3 * l] - p[0], ly = lights[3 * l + 1] - p[1], lz = lights[3 * l + 2] - p[2];
                    float dist = (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
                    if (shadow.closest(p[0], p[1], p[2], lx / dist, ly / dist, lz / dist, dist)) blocked++;
                    steps += shadow.steps;
                }
            }
            out[4 * i] = hit ? walk.t : -1f;
            out[4 * i + 1] = hit ? walk.palette : 0;
            out[4 * i + 2] = steps;
            out[4 * i + 3] = blocked;
        }
        return out;
    }
}
