package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * Phong material with Whitted-style reflection and refraction.
 *
 * @param ambient       colour multiplied with the scene's ambient light
 * @param diffuse       Lambertian colour
 * @param specular      colour of the Phong highlight
 * @param phongExponent Phong cosine power of the highlight (≥ 0)
 * @param reflectivity  weight of the mirror ray, 0..1
 * @param transparency  weight of the transmitted ray, 0..1 (split by Fresnel at the surface)
 * @param ior           index of refraction of the inside of the surface (≥ 1 for glass)
 * @param absorption    Beer absorption coefficient per unit distance inside the medium, per channel
 * @param diffuseTexture path of the diffuse texture (resolved next to the file that named it), or null
 * @param roughness     0 for a perfect mirror and clear glass; above 0 the reflected and refracted rays
 *                      spread over a Phong lobe of exponent 2/roughness² − 2 (glossy, frosted), at most 1
 */
public record Material(String name, Vec3 ambient, Vec3 diffuse, Vec3 specular, float phongExponent,
                       float reflectivity, float transparency, float ior, Vec3 absorption,
                       String diffuseTexture, float roughness) {

    public static final Material DEFAULT = new Material("default", new Vec3(0.1f, 0.1f, 0.1f),
            new Vec3(0.8f, 0.8f, 0.8f), new Vec3(0.2f, 0.2f, 0.2f), 32f, 0f, 0f, 1f, Vec3.ZERO, null);

    public Material {
        if (name == null) name = "unnamed";
        if (!(roughness >= 0 && roughness <= 1)) throw new IllegalArgumentException("roughness must be 0..1, got " + roughness);
    }

    /** A smooth material (roughness 0). */
    public Material(String name, Vec3 ambient, Vec3 diffuse, Vec3 specular, float phongExponent, float reflectivity,
                    float transparency, float ior, Vec3 absorption, String diffuseTexture) {
        this(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior, absorption, diffuseTexture, 0f);
    }

    public Material withRoughness(float newRoughness) {
        return new Material(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior, absorption,
                diffuseTexture, newRoughness);
    }

    /** Exponent of the Phong lobe that glossy rays are drawn from; infinite (a mirror) at roughness 0. */
    public float lobeExponent() {
        return roughness > 0 ? 2f / (roughness * roughness) - 2f : Float.POSITIVE_INFINITY;
    }

    public Material withName(String newName) {
        return new Material(newName, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior,
                absorption, diffuseTexture, roughness);
    }
}
