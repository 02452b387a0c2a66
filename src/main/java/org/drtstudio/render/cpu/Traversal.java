package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Stackless two-level walk of the geometry image over the packed arrays, the Java twin of
 * {@code shaders/traverse.glsl}: same links, same tests, same order of float operations. At a
 * top-level leaf the ray enters the instance (origin and direction multiplied by its world-to-object
 * rows, direction not renormalised so t stays a world distance); when the shape's walk reaches END
 * it continues at that leaf's skip link. World ray directions must be unit length.
 */
final class Traversal {
    private final float[] nodes, prims, top, instances;
    private final long maxSteps;

    Traversal(GeometryImage image) {
        this.nodes = image.nodes();
        this.prims = image.primitives();
        this.top = image.topNodes();
        this.instances = image.instances();
        this.maxSteps = image.stepBound();
    }

    /** Finds the closest hit with 0 < t < hit.t; returns whether one was found. */
    boolean closest(float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        return walk(ox, oy, oz, dx, dy, dz, hit, false);
    }

    /** Whether anything lies on the ray with 0 < t < tMax (shadow rays). */
    boolean occluded(float ox, float oy, float oz, float dx, float dy, float dz, float tMax, Hit scratch) {
        scratch.reset(tMax);
        return walk(ox, oy, oz, dx, dy, dz, scratch, true);
    }

    private boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, Hit hit, boolean anyHit) {
        int topNode = 0, node = END, instance = -1;
        float lox = 0, loy = 0, loz = 0, ldx = 0, ldy = 0, ldz = 0;
        long steps = 0;
        boolean found = false;
        while (true) {
            if (++steps > maxSteps) {
                hit.overflow = true;
                return found;
            }
            if (node == END) {
                if (topNode == END) return found;
                int b = 4 * NODE_TEXELS * topNode;
                if (hitsSphere(top[b], top[b + 1], top[b + 2], top[b + 3], ox, oy, oz, dx, dy, dz, hit.t)) {
                    if (Float.floatToRawIntBits(top[b + 6]) > 0) {
                        instance = Float.floatToRawIntBits(top[b + 7]);
                        int m = 4 * INSTANCE_TEXELS * instance;
                        lox = instances[m] * ox + instances[m + 1] * oy + instances[m + 2] * oz + instances[m + 3];
                        loy = instances[m + 4] * ox + instances[m + 5] * oy + instances[m + 6] * oz + instances[m + 7];
                        loz = instances[m + 8] * ox + instances[m + 9] * oy + instances[m + 10] * oz + instances[m + 11];
                        ldx = instances[m] * dx + instances[m + 1] * dy + instances[m + 2] * dz;
                        ldy = instances[m + 4] * dx + instances[m + 5] * dy + instances[m + 6] * dz;
                        ldz = instances[m + 8] * dx + instances[m + 9] * dy + instances[m + 10] * dz;
                        node = Float.floatToRawIntBits(instances[m + 48]);
                        topNode = Float.floatToRawIntBits(top[b + 5]);
                    } else {
                        topNode = Float.floatToRawIntBits(top[b + 4]);
                    }
                } else {
                    topNode = Float.floatToRawIntBits(top[b + 5]);
                }
                continue;
            }
            int b = 4 * NODE_TEXELS * node;
            if (hitsSphere(nodes[b], nodes[b + 1], nodes[b + 2], nodes[b + 3], lox, loy, loz, ldx, ldy, ldz, hit.t)) {
                int count = Float.floatToRawIntBits(nodes[b + 6]);
                int first = Float.floatToRawIntBits(nodes[b + 7]);
                for (int p = first; p < first + count; p++) {
                    if (intersect(p, lox, loy, loz, ldx, ldy, ldz, hit)) {
                        hit.instance = instance;
                        found = true;
                        if (anyHit) return true;
                    }
                }
                node = Float.floatToRawIntBits(nodes[b + 4]);
            } else {
                node = Float.floatToRawIntBits(nodes[b + 5]);
            }
        }
    }

    /** Whether the ray o + t d (d of any length) meets the bounding sphere for some t in [0, tMax]. */
    static boolean hitsSphere(float cx, float cy, float cz, float r, float ox, float oy, float oz,
                              float dx, float dy, float dz, float tMax) {
        float a = dx * dx + dy * dy + dz * dz;
        float ocx = cx - ox, ocy = cy - oy, ocz = cz - oz;
        float tca = (ocx * dx + ocy * dy + ocz * dz) / a;
        float px = ocx - tca * dx, py = ocy - tca * dy, pz = ocz - tca * dz;
        float d2 = px * px + py * py + pz * pz;
        float r2 = r * r;
        if (d2 > r2) return false;
        float thc = (float) Math.sqrt((r2 - d2) / a);
        return tca + thc >= 0f && tca - thc <= tMax;
    }

    private boolean intersect(int p, float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        int b = 4 * PRIMITIVE_TEXELS * p;
        int kind = Float.floatToRawIntBits(prims[b + 3]);
        if (kind == KIND_TRIANGLE) return intersectTriangle(p, b, ox, oy, oz, dx, dy, dz, hit);
        return intersectSphere(p, b, ox, oy, oz, dx, dy, dz, hit);
    }

    /** Möller–Trumbore on v0 and the two edges; t is in units of the direction's length. */
    private boolean intersectTriangle(int p, int b, float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        float e1x = prims[b + 4], e1y = prims[b + 5], e1z = prims[b + 6];
        float e2x = prims[b + 8], e2y = prims[b + 9], e2z = prims[b + 10];
        float px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
        float det = e1x * px + e1y * py + e1z * pz;
        if (det == 0f) return false;
        float inv = 1f / det;
        float tx = ox - prims[b], ty = oy - prims[b + 1], tz = oz - prims[b + 2];
        float u = (tx * px + ty * py + tz * pz) * inv;
        if (u < 0f || u > 1f) return false;
        float qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
        float v = (dx * qx + dy * qy + dz * qz) * inv;
        if (v < 0f || u + v > 1f) return false;
        float t = (e2x * qx + e2y * qy + e2z * qz) * inv;
        if (!(t > 0f && t < hit.t)) return false;
        hit.t = t;
        hit.primitive = p;
        hit.u = u;
        hit.v = v;
        return true;
    }

    private boolean intersectSphere(int p, int b, float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        float r = prims[b + 4];
        float a = dx * dx + dy * dy + dz * dz;
        float ocx = ox - prims[b], ocy = oy - prims[b + 1], ocz = oz - prims[b + 2];
        float bb = (ocx * dx + ocy * dy + ocz * dz) / a;
        // Distance² from the centre to the ray's closest point: stable where b² - c would cancel.
        float fx = ocx - bb * dx, fy = ocy - bb * dy, fz = ocz - bb * dz;
        float disc = (r * r - (fx * fx + fy * fy + fz * fz)) / a;
        if (disc < 0f) return false;
        float s = (float) Math.sqrt(disc);
        float t = -bb - s;
        if (!(t > 0f)) t = -bb + s;
        if (!(t > 0f && t < hit.t)) return false;
        hit.t = t;
        hit.primitive = p;
        return true;
    }
}
