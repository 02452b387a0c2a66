package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;
import org.joml.Quaternionf;

/**
 * A rotation as a unit quaternion (x, y, z, w), w the scalar part.
 *
 * <p>A quaternion within 1e-5 of unit length is kept bit for bit, so values read back from a
 * project file are exactly the ones written; anything farther from unit length is normalised.
 */
public record Quat(float x, float y, float z, float w) {
    public static final Quat IDENTITY = new Quat(0, 0, 0, 1);
    private static final double UNIT_TOLERANCE = 1e-5;
    /** Above this |cos| the arc is so short that normalised lerp equals slerp to float precision. */
    private static final double NLERP_THRESHOLD = 0.9995;

    public Quat {
        if (!(Float.isFinite(x) && Float.isFinite(y) && Float.isFinite(z) && Float.isFinite(w)))
            throw new IllegalArgumentException("rotation is not finite: " + x + "," + y + "," + z + "," + w);
        double len = Math.sqrt((double) x * x + (double) y * y + (double) z * z + (double) w * w);
        if (!(len > 1e-12)) throw new IllegalArgumentException("rotation quaternion has zero length");
        if (Math.abs(len - 1) > UNIT_TOLERANCE) {
            x = (float) (x / len);
            y = (float) (y / len);
            z = (float) (z / len);
            w = (float) (w / len);
        }
    }

    /** Rotation by {@code degrees} about {@code axis} (right-handed; the axis need not be unit length). */
    public static Quat axisAngle(Vec3 axis, double degrees) {
        Vec3 a = axis.normalized();
        if (a.length() == 0) throw new IllegalArgumentException("rotation axis is zero");
        double half = Math.toRadians(degrees) * 0.5, s = Math.sin(half);
        return new Quat((float) (a.x() * s), (float) (a.y() * s), (float) (a.z() * s), (float) Math.cos(half));
    }

    public static Quat of(Quaternionf q) {
        return new Quat(q.x, q.y, q.z, q.w);
    }

    public Quaternionf toJoml() {
        return new Quaternionf(x, y, z, w);
    }

    public double dot(Quat o) {
        return (double) x * o.x + (double) y * o.y + (double) z * o.z + (double) w * o.w;
    }

    /** The rotation angle in degrees, 0..180 (q and -q are the same rotation). */
    public double angleDegrees() {
        return Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs((double) w))));
    }

    /**
     * Spherical linear interpolation along the shorter arc: {@code u = 0} gives this rotation,
     * {@code u = 1} the other (possibly as its negation, which is the same rotation).
     */
    public Quat slerp(Quat to, double u) {
        double cos = dot(to);
        double sign = 1;
        if (cos < 0) { // q and -q are one rotation; flipping takes the short way round
            cos = -cos;
            sign = -1;
        }
        double a, b;
        if (cos > NLERP_THRESHOLD) {
            a = 1 - u;
            b = u;
        } else {
            double theta = Math.acos(cos), sin = Math.sin(theta);
            a = Math.sin((1 - u) * theta) / sin;
            b = Math.sin(u * theta) / sin;
        }
        b *= sign;
        double rx = a * x + b * to.x, ry = a * y + b * to.y, rz = a * z + b * to.z, rw = a * w + b * to.w;
        double len = Math.sqrt(rx * rx + ry * ry + rz * rz + rw * rw);
        return new Quat((float) (rx / len), (float) (ry / len), (float) (rz / len), (float) (rw / len));
    }
}
