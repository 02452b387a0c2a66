package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;

/**
 * Mixes two key values: {@code u = 0} is {@code a}, {@code u = 1} is {@code b}. Kept apart from the
 * values so tracks stay plain data with a meaningful {@code equals}.
 */
@FunctionalInterface
public interface Blend<T> {
    T blend(T a, T b, double u);

    /** Component-wise linear interpolation, computed in double and rounded once. */
    Blend<Vec3> VEC3 = Blend::lerp;

    /** Spherical linear interpolation along the shorter arc. */
    Blend<Quat> QUAT = Quat::slerp;

    /**
     * Every camera parameter interpolated linearly (the up vector too). Where the mix would be no
     * valid camera (eye on the look point, up along the view), the nearer key's camera is used, so
     * evaluation never fails between two valid keys.
     */
    Blend<Camera> CAMERA = (a, b, u) -> {
        try {
            return new Camera(lerp(a.eye(), b.eye(), u), lerp(a.look(), b.look(), u), lerp(a.up(), b.up(), u),
                    lerp(a.fovY(), b.fovY(), u), lerp(a.aperture(), b.aperture(), u),
                    lerp(a.focusDistance(), b.focusDistance(), u));
        } catch (IllegalArgumentException degenerate) {
            return u < 0.5 ? a : b;
        }
    };

    static Vec3 lerp(Vec3 a, Vec3 b, double u) {
        return new Vec3(lerp(a.x(), b.x(), u), lerp(a.y(), b.y(), u), lerp(a.z(), b.z(), u));
    }

    static float lerp(float a, float b, double u) {
        return (float) (a + (b - (double) a) * u);
    }
}
