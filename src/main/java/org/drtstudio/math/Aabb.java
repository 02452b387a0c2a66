package org.drtstudio.math;

/** Axis-aligned bounding box; empty boxes have min = +inf and max = -inf. */
public record Aabb(Vec3 min, Vec3 max) {
    public static final Aabb EMPTY = new Aabb(
            new Vec3(Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY),
            new Vec3(Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY));

    /** The box of packed x, y, z triples (a mesh's positions); {@link #EMPTY} for none. */
    public static Aabb ofPoints(float[] xyz) {
        if (xyz.length < 3) return EMPTY;
        float minX = Float.POSITIVE_INFINITY, minY = minX, minZ = minX;
        float maxX = Float.NEGATIVE_INFINITY, maxY = maxX, maxZ = maxX;
        for (int i = 0; i + 2 < xyz.length; i += 3) {
            minX = Math.min(minX, xyz[i]);
            maxX = Math.max(maxX, xyz[i]);
            minY = Math.min(minY, xyz[i + 1]);
            maxY = Math.max(maxY, xyz[i + 1]);
            minZ = Math.min(minZ, xyz[i + 2]);
            maxZ = Math.max(maxZ, xyz[i + 2]);
        }
        return new Aabb(new Vec3(minX, minY, minZ), new Vec3(maxX, maxY, maxZ));
    }

    public boolean isEmpty() { return min.x() > max.x(); }

    public Aabb include(Vec3 p) {
        return new Aabb(new Vec3(Math.min(min.x(), p.x()), Math.min(min.y(), p.y()), Math.min(min.z(), p.z())),
                new Vec3(Math.max(max.x(), p.x()), Math.max(max.y(), p.y()), Math.max(max.z(), p.z())));
    }

    public Aabb union(Aabb o) {
        return o.isEmpty() ? this : include(o.min).include(o.max);
    }

    public Vec3 center() { return min.plus(max).times(0.5f); }
    public Vec3 extent() { return max.minus(min); }
}
