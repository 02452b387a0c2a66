package org.drtstudio.io.obj;

import de.javagl.obj.FloatTuple;
import de.javagl.obj.Mtl;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.TextureWrap;

/**
 * Maps an MTL material onto the renderer's Phong/Whitted {@link Material}.
 *
 * <table>
 *   <caption>MTL statement → material field</caption>
 *   <tr><td>Kd</td><td>diffuse (absent: {@link Material#DEFAULT}'s)</td></tr>
 *   <tr><td>Ka</td><td>ambient (absent: the diffuse colour, so unlit sides keep their hue)</td></tr>
 *   <tr><td>Ks</td><td>specular (absent: the default's)</td></tr>
 *   <tr><td>Ns</td><td>phongExponent, as written (absent: the default's)</td></tr>
 *   <tr><td>Ni</td><td>ior (absent or not positive: 1)</td></tr>
 *   <tr><td>d / Tr</td><td>transparency = 1 - d (javagl stores {@code Tr} as d = 1 - Tr; the
 *       statement written last wins)</td></tr>
 *   <tr><td>illum 3..7</td><td>reflectivity = average of Ks. These are the illumination models
 *       with ray-traced reflection (3 reflection, 4 glass, 5 Fresnel, 6 refraction, 7 refraction
 *       and Fresnel); every other model (0-2 plain Phong, 8-9 reflection maps only) gets 0.</td></tr>
 *   <tr><td>Tf</td><td>absorption = −ln(Tf) per channel: Tf is read as the fraction of light that
 *       passes one unit of scene distance inside the body (Beer's law, so a path of length d keeps
 *       Tf^d), as the CUDA octree report's tracer used it. MTL gives no length scale, so one scene
 *       unit is the scale; Tf ≥ 1 (or absent, or not finite) is no absorption, Tf ≤ 1e-4 is taken as
 *       1e-4 (σ ≈ 9.2 per unit) to keep the coefficient finite.</td></tr>
 *   <tr><td>map_Kd</td><td>diffuseTexture, the path resolved by the caller</td></tr>
 *   <tr><td>map_bump / bump</td><td>bumpTexture, the path resolved by the caller; its {@code -bm} option is
 *       bumpScale (absent: 1)</td></tr>
 *   <tr><td>-clamp on</td><td>textureWrap CLAMP (else REPEAT), taken from map_Kd, or from the bump
 *       statement when there is no diffuse texture: the material has one wrap mode</td></tr>
 * </table>
 * Colours that are not finite fall back to the default; negative ones are clamped to 0.
 * Fractions (transparency, reflectivity) are clamped to 0..1.
 */
final class MtlMaterialMapper {
    private MtlMaterialMapper() {
    }

    /**
     * @param diffuseTexture   the resolved map_Kd path, or null
     * @param diffuseStatement the map_Kd statement (for its options), or null
     * @param bumpTexture      the resolved map_bump / bump path, or null
     * @param bumpStatement    the bump statement (for its options), or null
     */
    static Material map(Mtl mtl, ConfinedPath diffuseTexture, MtlTextureStatement diffuseStatement, ConfinedPath bumpTexture,
                        MtlTextureStatement bumpStatement) {
        Material d = Material.DEFAULT;
        Vec3 diffuse = color(mtl.getKd(), d.diffuse());
        Vec3 ambient = color(mtl.getKa(), diffuse);
        Vec3 specular = color(mtl.getKs(), d.specular());
        float exponent = nonNegative(mtl.getNs(), d.phongExponent());
        Float ni = mtl.getNi();
        float ior = ni != null && Float.isFinite(ni) && ni > 0 ? ni : 1f;
        Float dissolve = mtl.getD();
        float transparency = dissolve == null || !Float.isFinite(dissolve) ? 0f : clamp01(1f - dissolve);
        Integer illum = mtl.getIllum();
        boolean raytracedReflection = illum != null && illum >= 3 && illum <= 7;
        float reflectivity = raytracedReflection ? clamp01((specular.x() + specular.y() + specular.z()) / 3f) : 0f;
        float bumpScale = bumpStatement != null && bumpStatement.bumpMultiplier() != null ? bumpStatement.bumpMultiplier() : 1f;
        // One wrap mode per material: the diffuse map's, or the bump map's when it stands alone.
        MtlTextureStatement wrapSource = diffuseTexture != null ? diffuseStatement : bumpStatement;
        TextureWrap wrap = wrapSource != null && wrapSource.clamp() ? TextureWrap.CLAMP : TextureWrap.REPEAT;
        Material.Builder material = Material.named(mtl.getName()).ambient(ambient).diffuse(diffuse).specular(specular)
                .phongExponent(exponent).reflectivity(reflectivity).transparency(transparency).ior(ior)
                .absorption(absorption(mtl.getTf())).textureWrap(wrap);
        return ConfinedPath.textures(material, diffuseTexture, bumpTexture, bumpScale).build();
    }

    /** The least Tf taken as it is: below it the coefficient would grow without bound. */
    private static final float MIN_FILTER = 1e-4f;

    /** Beer coefficients from a transmission filter per unit distance (see the table above). */
    static Vec3 absorption(FloatTuple tf) {
        Vec3 filter = color(tf, Vec3.ONE);
        return new Vec3(coefficient(filter.x()), coefficient(filter.y()), coefficient(filter.z()));
    }

    private static float coefficient(float transmitted) {
        if (!(transmitted < 1f)) return 0f;
        return (float) -Math.log(Math.max(MIN_FILTER, transmitted));
    }

    private static Vec3 color(FloatTuple t, Vec3 fallback) {
        if (t == null || t.getDimensions() < 1) return fallback;
        float r = t.getX();
        float g = t.getDimensions() > 1 ? t.getY() : r;
        float b = t.getDimensions() > 2 ? t.getZ() : g;
        if (!Float.isFinite(r) || !Float.isFinite(g) || !Float.isFinite(b)) return fallback;
        return new Vec3(Math.max(0f, r), Math.max(0f, g), Math.max(0f, b));
    }

    private static float nonNegative(Float value, float fallback) {
        return value == null || !Float.isFinite(value) ? fallback : Math.max(0f, value);
    }

    private static float clamp01(float value) {
        return Math.max(0f, Math.min(1f, value));
    }
}
