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

    /** Edge {@code which}'s length: 0 for {@code edgeU} (the width), 1 for {@code edgeV} (the height). */
    public float edgeLength(int which) {
        return (which == 0 ? edgeU : edgeV).length();
    }

    /** The same rectangle, centre and orientation kept, with edge {@code which} (as {@link #edgeLength}) {@code length} long. */
    public RectLight withEdgeLength(int which, float length) {
        if (!(length > 0) || !Float.isFinite(length)) throw new IllegalArgumentException("a rectangular light's edge must be longer than 0, got " + length);
        Vec3 edge = (which == 0 ? edgeU : edgeV).normalized().times(length);
        return which == 0 ? new RectLight(position, color, intensity, edge, edgeV) : new RectLight(position, color, intensity, edgeU, edge);
    }

    /** A rectangle has no radius to change: the same light (the inspector sizes it by {@link #withEdgeLength}). */
    @Override
    public RectLight withRadius(float newRadius) {
        return this;
    }
}
