package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * Phong material with Whitted-style reflection and refraction, optionally textured.
 *
 * @param ambient       colour multiplied with the scene's ambient light (and with the diffuse texture)
 * @param diffuse       Lambertian colour (multiplied with the diffuse texture)
 * @param specular      colour of the Phong highlight
 * @param phongExponent Phong cosine power of the highlight (≥ 0)
 * @param reflectivity  weight of the mirror ray, 0..1
 * @param transparency  weight of the transmitted ray, 0..1 (split by Fresnel at the surface)
 * @param ior           index of refraction of the inside of the surface (≥ 1 for glass)
 * @param absorption    Beer absorption coefficient per unit distance inside the medium, per channel
 * @param diffuseTexture path of the diffuse texture (resolved next to the file that named it), or null
 * @param roughness     0 for a perfect mirror and clear glass; above 0 the reflected and refracted rays
 *                      spread over a Phong lobe of exponent 2/roughness² − 2 (glossy, frosted), at most 1
 * @param bumpTexture   path of the bump map (heights, resolved like diffuseTexture), or null
 * @param bumpScale     heights of the bump map are multiplied by this (MTL's {@code -bm}), in object-space
 *                      units per unit of the map's value; finite, default 1
 * @param textureWrap   how texture coordinates outside [0, 1] address both textures; null means REPEAT
 */
public record Material(String name, Vec3 ambient, Vec3 diffuse, Vec3 specular, float phongExponent,
                       float reflectivity, float transparency, float ior, Vec3 absorption,
                       String diffuseTexture, float roughness, String bumpTexture, float bumpScale,
                       TextureWrap textureWrap) {

    public static final Material DEFAULT = new Material("default", new Vec3(0.1f, 0.1f, 0.1f),
            new Vec3(0.8f, 0.8f, 0.8f), new Vec3(0.2f, 0.2f, 0.2f), 32f, 0f, 0f, 1f, Vec3.ZERO, null);

    public Material {
        if (name == null) name = "unnamed";
        if (!(roughness >= 0 && roughness <= 1)) throw new IllegalArgumentException("roughness must be 0..1, got " + roughness);
        if (!Float.isFinite(bumpScale)) throw new IllegalArgumentException("bump scale must be finite, got " + bumpScale);
        if (textureWrap == null) textureWrap = TextureWrap.REPEAT;
    }

    /** A material without bump map, textures repeating. */
    public Material(String name, Vec3 ambient, Vec3 diffuse, Vec3 specular, float phongExponent, float reflectivity,
                    float transparency, float ior, Vec3 absorption, String diffuseTexture, float roughness) {
        this(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior, absorption, diffuseTexture,
                roughness, null, 1f, TextureWrap.REPEAT);
    }

    /** A smooth material (roughness 0) without bump map. */
    public Material(String name, Vec3 ambient, Vec3 diffuse, Vec3 specular, float phongExponent, float reflectivity,
                    float transparency, float ior, Vec3 absorption, String diffuseTexture) {
        this(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior, absorption, diffuseTexture, 0f);
    }

    public Material withRoughness(float newRoughness) {
        return new Material(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior, absorption,
                diffuseTexture, newRoughness, bumpTexture, bumpScale, textureWrap);
    }

    /** Exponent of the Phong lobe that glossy rays are drawn from; infinite (a mirror) at roughness 0. */
    public float lobeExponent() {
        return roughness > 0 ? 2f / (roughness * roughness) - 2f : Float.POSITIVE_INFINITY;
    }

    public Material withName(String newName) {
        return new Material(newName, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior,
                absorption, diffuseTexture, roughness, bumpTexture, bumpScale, textureWrap);
    }

    public Material withDiffuseTexture(String path) {
        return new Material(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior,
                absorption, path, roughness, bumpTexture, bumpScale, textureWrap);
    }

    /** This material with the bump map at {@code path} (null for none), heights times {@code scale}. */
    public Material withBump(String path, float scale) {
        return new Material(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior,
                absorption, diffuseTexture, roughness, path, scale, textureWrap);
    }

    public Material withTextureWrap(TextureWrap wrap) {
        return new Material(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior,
                absorption, diffuseTexture, roughness, bumpTexture, bumpScale, wrap);
    }
}
