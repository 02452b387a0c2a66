package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/** An analytic sphere; {@code material} indexes {@link Scene#materials()}. */
public record Sphere(Vec3 center, float radius, int material) {
    public Sphere {
        if (!(radius > 0) || !Float.isFinite(radius)) throw new IllegalArgumentException("sphere radius must be > 0, got " + radius);
        if (!center.isFinite()) throw new IllegalArgumentException("sphere centre is not finite: " + center);
    }
}
