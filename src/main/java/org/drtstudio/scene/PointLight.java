package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/** A light with no extent: hard shadows. */
public record PointLight(Vec3 position, Vec3 color, float intensity) implements Light {
    @Override
    public PointLight at(Vec3 newPosition) {
        return new PointLight(newPosition, color, intensity);
    }

    @Override
    public PointLight withEmission(Vec3 newColor, float newIntensity) {
        return new PointLight(position, newColor, newIntensity);
    }
}
