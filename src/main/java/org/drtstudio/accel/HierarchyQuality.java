package org.drtstudio.accel;

import org.drtstudio.math.RayTriangle;

import java.util.SplittableRandom;

/**
 * How good a sphere hierarchy is for tracing, measured two ways so that build-speed work can show it
 * did not buy speed with a worse tree.
 *
 * <p>{@code sahCost}: the expected work of one random line through the root sphere, in the stackless
 * walk's terms: a node is visited when its parent's sphere is hit (the root always), a leaf's
 * primitives are tested when the leaf's sphere is hit. For isotropic random lines the chance to hit a
 * sphere inside the root is (r / R)², so cost = Σ visited-probabilities + Σ leaves (r/R)² · count.
 * <p>{@code stepsPerRay}: node visits plus primitive tests per ray of a fixed, seeded ray set (closest
 * hit, rays from a sphere of three root radii aimed at random points inside the root), counted by a
 * Java walk over the hierarchy with the same sphere test as the tracers.
 */
public record HierarchyQuality(double sahCost, double stepsPerRay) {

    public static HierarchyQuality of(SphereHierarchy h, FlatScene scene, int rays, long seed) {
        return new HierarchyQuality(sahCost(h), stepsPerRay(h, scene, rays, seed));
    }

    static double sahCost(SphereHierarchy h) {
        float[] s = h.spheres();
        double rootR2 = (double) s[3] * s[3];
        double cost = 1; // the root is always visited
        int n = h.nodeCount();
        for (int i = 0; i < n; i++) {
            double p = (double) s[4 * i + 3] * s[4 * i + 3] / rootR2;
            if (h.isLeaf(i)) {
                cost += p * h.primCount()[i];
            } else {
                // Both children are visited when this sphere is hit.
                cost += 2 * p;
            }
        }
        return cost;
    }

    static double stepsPerRay(SphereHierarchy h, FlatScene scene, int rays, long seed) {
        float[] s = h.spheres();
        double cx = s[0], cy = s[1], cz = s[2], rr = s[3];
        SplittableRandom rnd = new SplittableRandom(seed);
        long steps = 0;
        for (int k = 0; k < rays; k++) {
            double[] a = onSphere(rnd), b = onSphere(rnd);
            double bs = Math.cbrt(rnd.nextDouble());
            float ox = (float) (cx + 3 * rr * a[0]), oy = (float) (cy + 3 * rr * a[1]), oz = (float) (cz + 3 * rr * a[2]);
            float tx = (float) (cx + rr * bs * b[0]), ty = (float) (cy + rr * bs * b[1]), tz = (float) (cz + rr * bs * b[2]);
            float dx = tx - ox, dy = ty - oy, dz = tz - oz;
            float len = (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            steps += walk(h, scene, ox, oy, oz, dx / len, dy / len, dz / len);
        }
        return (double) steps / rays;
    }

    private static double[] onSphere(SplittableRandom rnd) {
        double z = 2 * rnd.nextDouble() - 1, phi = 2 * Math.PI * rnd.nextDouble(), r = Math.sqrt(1 - z * z);
        return new double[]{r * Math.cos(phi), r * Math.sin(phi), z};
    }

    private static long walk(SphereHierarchy h, FlatScene scene, float ox, float oy, float oz, float dx, float dy, float dz) {
        float[] s = h.spheres(), pos = scene.positions(), sp = scene.spheres();
        int tris = scene.triangleCount();
        int[] order = h.primOrder();
        float tMax = Float.POSITIVE_INFINITY;
        long steps = 0;
        int node = 0;
        while (node != GeometryImageLayout.END) {
            steps++;
            int b = 4 * node;
            if (hitsSphere(s[b], s[b + 1], s[b + 2], s[b + 3], ox, oy, oz, dx, dy, dz, tMax)) {
                int first = h.primStart()[node], count = h.primCount()[node];
                for (int i = first; i < first + count; i++) {
                    steps++;
                    int p = order[i];
                    float t = p < tris ? triangle(pos, scene.corner(p, 0), scene.corner(p, 1), scene.corner(p, 2), ox, oy, oz, dx, dy, dz)
                            : sphere(sp, 4 * (p - tris), ox, oy, oz, dx, dy, dz);
                    if (t > 0 && t < tMax) tMax = t;
                }
                node = h.hit()[node];
            } else {
                node = h.miss()[node];
            }
        }
        return steps;
    }

    private static boolean hitsSphere(float cx, float cy, float cz, float r, float ox, float oy, float oz,
                                      float dx, float dy, float dz, float tMax) {
        float ocx = cx - ox, ocy = cy - oy, ocz = cz - oz;
        float tca = ocx * dx + ocy * dy + ocz * dz;
        float px = ocx - tca * dx, py = ocy - tca * dy, pz = ocz - tca * dz;
        float d2 = px * px + py * py + pz * pz, r2 = r * r;
        if (d2 > r2) return false;
        float thc = (float) Math.sqrt(r2 - d2);
        return tca + thc >= 0f && tca - thc <= tMax;
    }

    /** Möller–Trumbore ({@link RayTriangle}) on the triangle of vertices b, b1, b2; the hit distance, or NaN for a miss. */
    private static float triangle(float[] v, int b, int b1, int b2, float ox, float oy, float oz, float dx, float dy, float dz) {
        return RayTriangle.intersect(v[b], v[b + 1], v[b + 2],
                v[b1] - v[b], v[b1 + 1] - v[b + 1], v[b1 + 2] - v[b + 2],
                v[b2] - v[b], v[b2 + 1] - v[b + 1], v[b2 + 2] - v[b + 2], ox, oy, oz, dx, dy, dz, null);
    }

    private static float sphere(float[] sp, int b, float ox, float oy, float oz, float dx, float dy, float dz) {
        float ocx = ox - sp[b], ocy = oy - sp[b + 1], ocz = oz - sp[b + 2], r = sp[b + 3];
        float bb = ocx * dx + ocy * dy + ocz * dz;
        float fx = ocx - bb * dx, fy = ocy - bb * dy, fz = ocz - bb * dz;
        float disc = r * r - (fx * fx + fy * fy + fz * fz);
        if (disc < 0f) return Float.NaN;
        float q = (float) Math.sqrt(disc), t = -bb - q;
        return t > 0f ? t : -bb + q;
    }
}
