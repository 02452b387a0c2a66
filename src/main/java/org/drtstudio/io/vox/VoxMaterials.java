package org.drtstudio.io.vox;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.voxel.VoxelPalettes;

import java.util.Map;

/**
 * A palette entry as a studio material: matte by default; a MATL chunk's {@code _metal} becomes a
 * mirror weighted by {@code _metal} with {@code _rough} as roughness, {@code _glass} a transparent
 * surface ({@code _trans}, {@code _ior}, {@code _rough}), {@code _emit} a surface that glows under
 * the ambient term ({@code _emit} × (1 + {@code _flux}) times its colour; the renderer has no
 * emissive light sources, so it lights nothing else). Unknown types and unreadable numbers fall
 * back to matte with a warning.
 *
 * <p>The four public factories are that mapping from a linear colour and the MATL values; the
 * {@code .vxt} text format ({@code io.vxt}) builds its material kinds with them too, so a voxel
 * material means the same whichever file it came from.
 */
public final class VoxMaterials {
    private VoxMaterials() {
    }

    /** {@code _diffuse} (and every type without a studio counterpart): {@link VoxelPalettes#matte(String, Vec3)}. */
    public static Material matte(String name, Vec3 colour) {
        return VoxelPalettes.matte(name, colour);
    }

    /** {@code _metal}: a mirror of weight {@code metal} (0…1) tinted by {@code colour}, roughness {@code rough} (0…1). */
    public static Material metal(String name, Vec3 colour, float metal, float rough) {
        return Material.named(name).ambient(colour.times(0.1f)).diffuse(colour.times(1f - metal)).specular(colour)
                .phongExponent(64f).reflectivity(metal).roughness(rough).build();
    }

    /** {@code _glass}: transparency {@code trans} (0…1), index of refraction {@code ior} (≥ 1), roughness {@code rough}. */
    public static Material glass(String name, Vec3 colour, float trans, float ior, float rough) {
        return Material.named(name).ambient(colour.times(0.05f)).diffuse(colour.times(1f - trans))
                .specular(new Vec3(0.5f, 0.5f, 0.5f)).phongExponent(128f).transparency(trans).ior(ior).roughness(rough).build();
    }

    /** {@code _emit}: {@code colour} × {@code emit} × (1 + {@code flux}) × 10 in the ambient term, {@code colour} as diffuse. */
    public static Material emissive(String name, Vec3 colour, float emit, float flux) {
        return Material.named(name).ambient(colour.times(emit * (1f + flux) * 10f)).diffuse(colour).build();
    }

    static Material of(int index, int rgb, Map<String, String> matl, java.util.List<String> warnings, String where) {
        String name = "vox " + index;
        int r = (rgb >> 16) & 0xFF, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF;
        Material matte = VoxelPalettes.matte(name, r, g, b);
        if (matl == null) return matte;
        String type = matl.getOrDefault("_type", "_diffuse");
        Vec3 colour = matte.diffuse();
        float rough = number(matl, "_rough", 0f, 0f, 1f, warnings, where);
        switch (type) {
            case "_diffuse", "_plastic", "_media", "_blend":
                return matte;
            case "_metal": {
                float metal = number(matl, "_metal", 1f, 0f, 1f, warnings, where);
                return metal(name, colour, metal, rough);
            }
            case "_glass": {
                float trans = number(matl, "_trans", 1f, 0f, 1f, warnings, where);
                float ior = number(matl, "_ior", 0.5f, 0f, 3f, warnings, where);
                // MagicaVoxel writes the refraction index less one (1.5 is stored as 0.5).
                if (ior < 1f) ior += 1f;
                return glass(name, colour, trans, ior, rough);
            }
            case "_emit": {
                float emit = number(matl, "_emit", 1f, 0f, 100f, warnings, where);
                float flux = number(matl, "_flux", 0f, 0f, 4f, warnings, where);
                return emissive(name, colour, emit, flux);
            }
            default:
                warnings.add(where + ": material type " + org.drtstudio.io.Excerpt.quote(type) + " is not known; palette entry " + index + " is matte");
                return matte;
        }
    }

    private static float number(Map<String, String> matl, String key, float fallback, float min, float max,
                                java.util.List<String> warnings, String where) {
        String text = matl.get(key);
        if (text == null) return fallback;
        try {
            float v = Float.parseFloat(text.trim());
            if (!Float.isFinite(v)) throw new NumberFormatException();
            return Math.max(min, Math.min(max, v));
        } catch (NumberFormatException e) {
            warnings.add(where + ": " + key + " " + org.drtstudio.io.Excerpt.quote(text) + " is not a number; using " + fallback);
            return fallback;
        }
    }
}
