package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/** A rectangular light centred at {@code position}, spanned by {@code edgeU} × {@code edgeV}. */
public record RectLight(Vec3 position, Vec3 color, float intensity, Vec3 edgeU, Vec3 edgeV) implements Light {
    public RectLight {
        if (edgeU == null || edgeV == null) throw new IllegalArgumentException("a rectangular light needs both edges");
        if (!edgeU.isFinite() || !edgeV.isFinite() || edgeU.cross(edgeV).length() == 0)
            throw new IllegalArgumentException("a rectangular light's edges must span an area, got " + edgeU + " and " + edgeV);
    }

    @Override
    public RectLight at(Vec3 newPosition) {
        return new RectLight(newPosition, color, intensity, edgeU, edgeV);
    }

    @Override
    public RectLight withEmission(Vec3 newColor, float newIntensity) {
        return new RectLight(position, newColor, newIntensity, edgeU, edgeV);
    }

    /** A rectangle has no radius to change: the same light. */
    @Override
    public RectLight withRadius(float newRadius) {
        return this;
    }
}
