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

    public static final Material DEFAULT = named("default").ambient(new Vec3(0.1f, 0.1f, 0.1f))
            .diffuse(new Vec3(0.8f, 0.8f, 0.8f)).specular(new Vec3(0.2f, 0.2f, 0.2f)).phongExponent(32f).build();

    public Material {
        if (name == null) name = "unnamed";
        if (!(roughness >= 0 && roughness <= 1)) throw new IllegalArgumentException("roughness must be 0..1, got " + roughness);
        if (!Float.isFinite(bumpScale)) throw new IllegalArgumentException("bump scale must be finite, got " + bumpScale);
        if (textureWrap == null) textureWrap = TextureWrap.REPEAT;
    }

    /**
     * Named construction, starting from nothing: black in every colour, Phong exponent 1, no
     * reflection or transmission, index of refraction 1, no absorption, untextured, smooth, bump
     * scale 1, repeating textures. {@code Material.named("red").diffuse(new Vec3(1, 0, 0)).build()}.
     */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** A builder holding this material's values, to change some of them by name. */
    public Builder toBuilder() {
        return new Builder(name).ambient(ambient).diffuse(diffuse).specular(specular).phongExponent(phongExponent)
                .reflectivity(reflectivity).transparency(transparency).ior(ior).absorption(absorption)
                .diffuseTexture(diffuseTexture).roughness(roughness).bump(bumpTexture, bumpScale).textureWrap(textureWrap);
    }

    /** Names each value of a {@link Material}; {@link #build()} checks them as the record does. */
    public static final class Builder {
        private String name;
        private Vec3 ambient = Vec3.ZERO, diffuse = Vec3.ZERO, specular = Vec3.ZERO, absorption = Vec3.ZERO;
        private float phongExponent = 1, reflectivity, transparency, ior = 1, roughness, bumpScale = 1;
        private String diffuseTexture, bumpTexture;
        private TextureWrap textureWrap = TextureWrap.REPEAT;

        private Builder(String name) {
            this.name = name;
        }

        public Builder name(String value) { name = value; return this; }

        public Builder ambient(Vec3 value) { ambient = value; return this; }

        public Builder diffuse(Vec3 value) { diffuse = value; return this; }

        public Builder specular(Vec3 value) { specular = value; return this; }

        public Builder phongExponent(float value) { phongExponent = value; return this; }

        public Builder reflectivity(float value) { reflectivity = value; return this; }

        public Builder transparency(float value) { transparency = value; return this; }

        public Builder ior(float value) { ior = value; return this; }

        public Builder absorption(Vec3 value) { absorption = value; return this; }

        public Builder diffuseTexture(String path) { diffuseTexture = path; return this; }

        public Builder roughness(float value) { roughness = value; return this; }

        /** The bump map at {@code path} (null for none), heights times {@code scale}. */
        public Builder bump(String path, float scale) { bumpTexture = path; bumpScale = scale; return this; }

        public Builder textureWrap(TextureWrap value) { textureWrap = value; return this; }

        public Material build() {
            return new Material(name, ambient, diffuse, specular, phongExponent, reflectivity, transparency, ior, absorption,
                    diffuseTexture, roughness, bumpTexture, bumpScale, textureWrap);
        }
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
