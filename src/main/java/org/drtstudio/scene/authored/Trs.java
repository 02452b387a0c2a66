package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;
import org.joml.Matrix4f;

/**
 * A transform as an artist edits it: translation, rotation, non-uniform scale, and the pivot that
 * rotation and scale act about.
 *
 * <p>{@link #toMatrix()} is {@code T(translation) · T(pivot) · R · S · T(-pivot)}: a point is moved
 * so the pivot sits at the origin, scaled, rotated, moved back, then translated. So the pivot point
 * itself ends up exactly at {@code pivot + translation} whatever the rotation and scale.
 *
 * @param scale per axis, each &gt; 0 (a zero scale is singular; mirroring is not offered because it
 *              turns surfaces inside out and breaks the sphere radius rule of the flattener)
 */
public record Trs(Vec3 translation, Quat rotation, Vec3 scale, Vec3 pivot) {
    public static final Trs IDENTITY = new Trs(Vec3.ZERO, Quat.IDENTITY, Vec3.ONE, Vec3.ZERO);

    public Trs {
        if (translation == null || rotation == null || scale == null || pivot == null)
            throw new IllegalArgumentException("transform has a missing component");
        if (!translation.isFinite()) throw new IllegalArgumentException("translation is not finite: " + translation);
        if (!pivot.isFinite()) throw new IllegalArgumentException("pivot is not finite: " + pivot);
        checkScale(scale);
    }

    /** Throws unless every component is finite and &gt; 0. */
    public static void checkScale(Vec3 scale) {
        if (!(scale.x() > 0 && scale.y() > 0 && scale.z() > 0) || !scale.isFinite())
            throw new IllegalArgumentException("scale must be > 0 and finite on every axis, got " + scale);
    }

    public static Trs translation(Vec3 t) {
        return IDENTITY.withTranslation(t);
    }

    public Trs withTranslation(Vec3 t) { return new Trs(t, rotation, scale, pivot); }
    public Trs withRotation(Quat r) { return new Trs(translation, r, scale, pivot); }
    public Trs withScale(Vec3 s) { return new Trs(translation, rotation, s, pivot); }
    public Trs withPivot(Vec3 p) { return new Trs(translation, rotation, scale, p); }

    /** {@code T(translation) · T(pivot) · R · S · T(-pivot)}, children's space to the parent's. */
    public Matrix4f toMatrix() {
        return new Matrix4f()
                .translate(translation.x(), translation.y(), translation.z())
                .translate(pivot.x(), pivot.y(), pivot.z())
                .rotate(rotation.toJoml())
                .scale(scale.x(), scale.y(), scale.z())
                .translate(-pivot.x(), -pivot.y(), -pivot.z());
    }
}
