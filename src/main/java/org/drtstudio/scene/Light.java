package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * A light source: a {@link PointLight} (hard shadows), a {@link SphereLight} or a {@link RectLight}.
 * Every kind has a position (a rectangle's centre), a colour and an intensity; irradiance toward a
 * point is {@code color * intensity} over the distance attenuation of the render settings, whatever
 * the shape. The shape only softens shadows: shadow rays aim at uniformly drawn points of the light,
 * so the penumbra follows the geometry.
 */
public sealed interface Light permits PointLight, SphereLight, RectLight {
    /** The light's position; a rectangle's centre. */
    Vec3 position();

    Vec3 color();

    float intensity();

    /** The radius of the sphere shadow rays aim at: 0 for a point light and for a rectangle. */
    default float radius() {
        return 0;
    }

    /** The same light moved to {@code newPosition} (a rectangle keeps its edges). */
    Light at(Vec3 newPosition);

    /** The same light shape with another colour and intensity. */
    Light withEmission(Vec3 newColor, float newIntensity);

    /**
     * The same light as a sphere of the given radius, or as a point light at radius 0, which is how
     * the soft-shadow controls turn shadows soft and hard again; a rectangle keeps its shape.
     */
    default Light withRadius(float newRadius) {
        return pointOrSphere(position(), color(), intensity(), newRadius);
    }

    /** A point light when {@code radius} is 0, else a spherical light of that radius. */
    static Light pointOrSphere(Vec3 position, Vec3 color, float intensity, float radius) {
        return radius == 0 ? new PointLight(position, color, intensity) : new SphereLight(position, color, intensity, radius);
    }
}
