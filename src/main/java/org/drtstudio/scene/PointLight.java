package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * A light source. With {@code radius} 0 and no edges it is a point light (hard shadows); a radius
 * makes it a sphere, and two edge vectors make it a rectangle centred at {@code position} spanned
 * by {@code edgeU} × {@code edgeV}; shadow rays aim at uniformly drawn points of the light, so the
 * penumbra follows the geometry. Irradiance toward a point is {@code color * intensity} over the
 * distance attenuation of the render settings, whatever the shape (shape softens shadows only).
 * (The name predates the area shapes; kept so scenes and files written against it stay valid.)
 */
public record PointLight(Vec3 position, Vec3 color, float intensity, float radius, Vec3 edgeU, Vec3 edgeV) {
    public PointLight {
        if (radius < 0 || !Float.isFinite(radius)) throw new IllegalArgumentException("light radius must be ≥ 0, got " + radius);
        if ((edgeU == null) != (edgeV == null)) throw new IllegalArgumentException("a rectangular light needs both edges");
        if (edgeU != null && (!edgeU.isFinite() || !edgeV.isFinite() || edgeU.cross(edgeV).length() == 0))
            throw new IllegalArgumentException("a rectangular light's edges must span an area, got " + edgeU + " and " + edgeV);
        if (edgeU != null && radius > 0) throw new IllegalArgumentException("a light is a sphere or a rectangle, not both");
    }

    /** A point light (radius 0) or a spherical light. */
    public PointLight(Vec3 position, Vec3 color, float intensity, float radius) {
        this(position, color, intensity, radius, null, null);
    }

    /** A rectangular area light centred at {@code center}. */
    public static PointLight rectangle(Vec3 center, Vec3 edgeU, Vec3 edgeV, Vec3 color, float intensity) {
        return new PointLight(center, color, intensity, 0, edgeU, edgeV);
    }

    public boolean isRectangle() {
        return edgeU != null;
    }

    /** The same light as a sphere of the given radius (a rectangle keeps its shape). */
    public PointLight withRadius(float newRadius) {
        return isRectangle() ? this : new PointLight(position, color, intensity, newRadius);
    }
}
