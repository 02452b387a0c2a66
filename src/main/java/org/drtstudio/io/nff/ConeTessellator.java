package org.drtstudio.io.nff;

/**
 * Turns an NFF cone or cylinder (two end centres with a radius each) into triangles: the open
 * lateral surface only, as NFF defines it without end caps, with smooth normals. The normals point
 * away from the axis, or toward it for NFF's "inside visible" form (both radii negative).
 */
final class ConeTessellator {
    /** Segments around the axis: 32 keeps silhouettes round at typical SPD sizes. */
    static final int SEGMENTS = 32;

    private static final float[] COS = new float[2 * SEGMENTS];
    private static final float[] SIN = new float[2 * SEGMENTS];

    static {
        // Half-step angles too, for the tip vertices of a pointed cone.
        for (int i = 0; i < 2 * SEGMENTS; i++) {
            double a = Math.PI * i / SEGMENTS;
            COS[i] = (float) Math.cos(a);
            SIN[i] = (float) Math.sin(a);
        }
    }

    private ConeTessellator() {
    }

    /**
     * Appends the lateral surface. Radii must be ≥ 0 and not both 0; the ends must differ.
     *
     * @param inside whether the inside is the visible side (normals and winding turned inward)
     */
    static void tessellate(float bx, float by, float bz, float baseRadius,
                           float ax, float ay, float az, float apexRadius,
                           boolean inside, int material, MeshBuilder out) {
        double dx = ax - bx, dy = ay - by, dz = az - bz;
        double height = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double wx = dx / height, wy = dy / height, wz = dz / height; // unit axis
        // u, v, w right-handed: u is perpendicular to the axis, built from the coordinate axis least
        // parallel to it so the cross product is well conditioned.
        double hx = 0, hy = 0, hz = 0;
        if (Math.abs(wx) <= Math.abs(wy) && Math.abs(wx) <= Math.abs(wz)) hx = 1;
        else if (Math.abs(wy) <= Math.abs(wz)) hy = 1;
        else hz = 1;
        double ux = hy * wz - hz * wy, uy = hz * wx - hx * wz, uz = hx * wy - hy * wx;
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul;
        uy /= ul;
        uz /= ul;
        double vx = wy * uz - wz * uy, vy = wz * ux - wx * uz, vz = wx * uy - wy * ux;

        // On the surface B + t*(A-B) + r(t)*dir(θ) the normal is h*dir + (rb - ra)*w (normalised).
        double slope = baseRadius - apexRadius;
        double normalLen = Math.sqrt(height * height + slope * slope);
        double nRadial = height / normalLen, nAxial = slope / normalLen;
        double sign = inside ? -1 : 1;

        int[] base = ring(bx, by, bz, baseRadius, ux, uy, uz, vx, vy, vz, wx, wy, wz, nRadial, nAxial, sign, out);
        int[] apex = ring(ax, ay, az, apexRadius, ux, uy, uz, vx, vy, vz, wx, wy, wz, nRadial, nAxial, sign, out);

        for (int i = 0; i < SEGMENTS; i++) {
            int j = (i + 1) % SEGMENTS;
            // Seen from outside, going around by increasing angle is counter-clockwise with the
            // apex up; the inside view reverses it.
            if (baseRadius == 0) {
                triangle(base[i], apex[j], apex[i], inside, material, out);
            } else if (apexRadius == 0) {
                triangle(base[i], base[j], apex[i], inside, material, out);
            } else {
                triangle(base[i], base[j], apex[j], inside, material, out);
                triangle(base[i], apex[j], apex[i], inside, material, out);
            }
        }
    }

    private static void triangle(int a, int b, int c, boolean inside, int material, MeshBuilder out) {
        if (inside) out.addTriangle(a, c, b, material);
        else out.addTriangle(a, b, c, material);
    }

    /**
     * Vertices of one end. A zero-radius end (a cone's tip) gets one vertex per segment at the
     * half-step angle, so each tip triangle is shaded with the normal of its own side.
     */
    private static int[] ring(float cx, float cy, float cz, float radius,
                              double ux, double uy, double uz, double vx, double vy, double vz,
                              double wx, double wy, double wz, double nRadial, double nAxial, double sign,
                              MeshBuilder out) {
        int[] ids = new int[SEGMENTS];
        int step = radius == 0 ? 1 : 0;
        for (int i = 0; i < SEGMENTS; i++) {
            int k = 2 * i + step;
            double c = COS[k], s = SIN[k];
            double rx = c * ux + s * vx, ry = c * uy + s * vy, rz = c * uz + s * vz;
            float px = (float) (cx + radius * rx), py = (float) (cy + radius * ry), pz = (float) (cz + radius * rz);
            double nx = sign * (nRadial * rx + nAxial * wx);
            double ny = sign * (nRadial * ry + nAxial * wy);
            double nz = sign * (nRadial * rz + nAxial * wz);
            ids[i] = out.addVertex(px, py, pz, (float) nx, (float) ny, (float) nz);
        }
        return ids;
    }
}
