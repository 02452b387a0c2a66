package org.drtstudio.render.embree;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.render.cpu.CpuWalk;
import org.drtstudio.render.cpu.Hit;
import org.drtstudio.render.cpu.PeerRays;
import org.drtstudio.render.cpu.RayCaster;
import org.drtstudio.render.cpu.TwinWalk;
import org.drtstudio.scene.Camera;

/**
 * A walk's hits against the twin's, ray by ray: the primary ray through every pixel centre, a
 * shadow ray from each of the twin's hits toward every light (the shading's origin offset), and the
 * mirror ray there (incoherent rays). What counts:
 * <ul>
 *   <li>a <em>crack</em>: the twin misses where the walk hits a triangle on one of its edges (a
 *       barycentric within {@link #EDGE} of 0): Möller–Trumbore can let a ray through the edge two
 *       triangles share, a watertight test (Embree's) cannot — the walk is right there;</li>
 *   <li>a <em>tie</em>: both hit at the same distance (within {@link #TIE} of it, or of a hundredth of
 *       the scene's radius for hits near the ray's origin, whose distance is as precise as the
 *       origin's coordinates and no more) but name
 *       different primitives: coplanar or crossing surfaces, where either answer is the surface;</li>
 *   <li>every other difference — a hit the other misses, a distance beyond 1e-4 relative, a shadow
 *       ray blocked for one only — is a disagreement.</li>
 * </ul>
 */
final class WalkComparison {
    /** A barycentric this close to 0 puts a hit on a triangle's edge. */
    static final float EDGE = 1e-5f;
    /** Distances this close (relative) are the same surface. */
    static final double TIE = 1e-6;

    int rays, hits, cracks, ties, disagreements, shadowRays, shadowDisagreements;
    double worstRelative;
    String firstDisagreement;
    private float scale;

    static WalkComparison of(GeometryImage image, Camera camera, int width, int height, float epsilon, CpuWalk walk) {
        WalkComparison c = new WalkComparison();
        c.scale = 0.01f * image.sceneRadius();
        try (RayCaster twin = TwinWalk.INSTANCE.open(image); RayCaster other = walk.open(image)) {
            c.compare(image, camera, width, height, epsilon, twin, other);
        }
        return c;
    }

    private void compare(GeometryImage image, Camera camera, int width, int height, float epsilon, RayCaster twin, RayCaster other) {
        float[] dirs = PeerRays.primaryDirections(new PeerRays.Camera(xyz(camera.eye()), xyz(camera.look()), xyz(camera.up()),
                camera.fovY(), width, height));
        float ex = camera.eye().x(), ey = camera.eye().y(), ez = camera.eye().z();
        Hit a = new Hit(), b = new Hit();
        for (int i = 0; i < width * height; i++) {
            float dx = dirs[3 * i], dy = dirs[3 * i + 1], dz = dirs[3 * i + 2];
            if (!ray(twin, other, ex, ey, ez, dx, dy, dz, a, b, "pixel " + i % width + "," + i / width)) continue;
            // Secondary rays leave the twin's hit, offset along the direction they take (no normals at hand).
            float px = ex + a.t * dx, py = ey + a.t * dy, pz = ez + a.t * dz;
            for (int l = 0; l < image.lightCount(); l++) {
                int lo = 4 * GeometryImageLayout.LIGHT_TEXELS * l;
                float lx = image.lights()[lo] - px, ly = image.lights()[lo + 1] - py, lz = image.lights()[lo + 2] - pz;
                float dist = (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
                if (!(dist > 2 * epsilon)) continue;
                lx /= dist;
                ly /= dist;
                lz /= dist;
                float ox = px + epsilon * lx, oy = py + epsilon * ly, oz = pz + epsilon * lz;
                shadowRays++;
                boolean ta = twin.occluded(ox, oy, oz, lx, ly, lz, 0f, dist - 2 * epsilon, a);
                boolean tb = other.occluded(ox, oy, oz, lx, ly, lz, 0f, dist - 2 * epsilon, b);
                if (ta != tb) {
                    shadowDisagreements++;
                    if (firstDisagreement == null) firstDisagreement = "shadow ray of pixel " + i % width + "," + i / width + ": twin " + ta;
                }
            }
            // The reflection about the view direction's component along the ray's hit distance: any incoherent direction will do.
            float rx = -dy, ry = dx + dz, rz = -dx;
            float rl = (float) Math.sqrt(rx * rx + ry * ry + rz * rz);
            if (rl > 0f) ray(twin, other, px - epsilon * dx, py - epsilon * dy, pz - epsilon * dz, rx / rl, ry / rl, rz / rl, a, b,
                    "secondary ray of pixel " + i % width + "," + i / width);
        }
    }

    /** Compares one closest-hit ray; returns whether the twin hit. */
    private boolean ray(RayCaster twin, RayCaster other, float ox, float oy, float oz, float dx, float dy, float dz, Hit a, Hit b, String where) {
        rays++;
        a.reset(Float.POSITIVE_INFINITY);
        b.reset(Float.POSITIVE_INFINITY);
        boolean ha = twin.closest(ox, oy, oz, dx, dy, dz, 0f, a), hb = other.closest(ox, oy, oz, dx, dy, dz, 0f, b);
        if (ha) hits++;
        if (ha != hb) {
            if (!ha && onEdge(b)) cracks++;
            else disagree(where + ": twin " + (ha ? "hits" : "misses") + ", the walk " + (hb ? "hits" : "misses"));
            return ha;
        }
        if (!ha) return false;
        // Relative to the distance, or to a hundredth of the scene's radius for hits close to the ray's
        // origin, whose distance is only as precise as the origin's coordinates.
        double rel = Math.abs(b.t - a.t) / Math.max(Math.abs(a.t), scale);
        worstRelative = Math.max(worstRelative, rel);
        if (a.primitive != b.primitive || a.instance != b.instance) {
            if (rel <= TIE) ties++;
            else disagree(where + ": primitive " + a.primitive + " at " + a.t + " against " + b.primitive + " at " + b.t);
        } else if (rel > 1e-4) {
            disagree(where + ": distance " + a.t + " against " + b.t);
        }
        return true;
    }

    private static boolean onEdge(Hit h) {
        return h.u <= EDGE || h.v <= EDGE || 1f - h.u - h.v <= EDGE;
    }

    private void disagree(String what) {
        disagreements++;
        if (firstDisagreement == null) firstDisagreement = what;
    }

    private static double[] xyz(org.drtstudio.math.Vec3 v) {
        return new double[]{v.x(), v.y(), v.z()};
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%d rays (%d twin hits): %d disagree, %d cracks, %d ties, worst distance %.2g relative; "
                        + "%d shadow rays, %d disagree%s", rays, hits, disagreements, cracks, ties, worstRelative, shadowRays, shadowDisagreements,
                firstDisagreement == null ? "" : "; first: " + firstDisagreement);
    }
}
