package org.drtstudio.math;

/**
 * Immutable 3-vector of floats for the scene model. Hot loops (BVH build, tracing) work on packed
 * float arrays instead; this type is for importers and the authored scene, where clarity wins.
 */
public record Vec3(float x, float y, float z) {
    public static final Vec3 ZERO = new Vec3(0, 0, 0);
    public static final Vec3 ONE = new Vec3(1, 1, 1);

    public static Vec3 of(double x, double y, double z) {
        return new Vec3((float) x, (float) y, (float) z);
    }

    public Vec3 plus(Vec3 o) { return new Vec3(x + o.x, y + o.y, z + o.z); }
    public Vec3 minus(Vec3 o) { return new Vec3(x - o.x, y - o.y, z - o.z); }
    public Vec3 times(float s) { return new Vec3(x * s, y * s, z * s); }
    public Vec3 times(Vec3 o) { return new Vec3(x * o.x, y * o.y, z * o.z); }
    public float dot(Vec3 o) { return x * o.x + y * o.y + z * o.z; }
    public Vec3 cross(Vec3 o) { return new Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x); }
    public float length() { return (float) Math.sqrt(dot(this)); }

    /** Unit vector in the same direction; the zero vector stays zero rather than becoming NaN. */
    public Vec3 normalized() {
        float len = length();
        return len > 0 ? times(1f / len) : this;
    }

    public boolean isFinite() {
        return Float.isFinite(x) && Float.isFinite(y) && Float.isFinite(z);
    }

    @Override
    public String toString() {
        return x + "," + y + "," + z;
    }
}
