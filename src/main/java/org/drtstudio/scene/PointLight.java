package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * A point light; {@code radius} makes it a spherical light for soft shadows (0 = hard shadows).
 * Emitted radiance toward a point is {@code color * intensity} over the distance attenuation of the
 * render settings.
 */
public record PointLight(Vec3 position, Vec3 color, float intensity, float radius) {
    public PointLight {
        if (radius < 0 || !Float.isFinite(radius)) throw new IllegalArgumentException("light radius must be ≥ 0, got " + radius);
    }
}
