package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/** A spherical light of {@code radius} > 0 around {@code position}: soft shadows. */
public record SphereLight(Vec3 position, Vec3 color, float intensity, float radius) implements Light {
    public SphereLight {
        if (!(radius > 0) || !Float.isFinite(radius))
            throw new IllegalArgumentException("light radius must be > 0, got " + radius + " (a radius of 0 is a point light)");
    }

    @Override
    public SphereLight at(Vec3 newPosition) {
        return new SphereLight(newPosition, color, intensity, radius);
    }

    @Override
    public SphereLight withEmission(Vec3 newColor, float newIntensity) {
        return new SphereLight(position, newColor, newIntensity, radius);
    }
}
