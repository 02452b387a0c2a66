package org.drtstudio.math;

/** Axis-aligned bounding box; empty boxes have min = +inf and max = -inf. */
public record Aabb(Vec3 min, Vec3 max) {
    public static final Aabb EMPTY = new Aabb(
            new Vec3(Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY),
            new Vec3(Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY));

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
