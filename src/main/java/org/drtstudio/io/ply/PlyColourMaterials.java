package org.drtstudio.io.ply;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Colours of a PLY's vertices or faces as materials. The tracers colour by material per triangle,
 * not per vertex, so a face takes the mean of its corners' colours, rounded to {@link #LEVELS}
 * levels per channel of its sRGB value: at most 4,096 distinct materials, a list the studio can
 * show. The debt, named: a scan's smooth colour gradients are posterised to those levels; a
 * per-vertex colour in the shading would lift it.
 */
final class PlyColourMaterials {
    /** Levels per sRGB channel. */
    static final int LEVELS = 16;

    private final Material base;
    private final List<Material> materials = new ArrayList<>();
    private final Map<Integer, Integer> indexOfKey = new HashMap<>();

    /** @param base the material whose diffuse and ambient colours a colour replaces; material 0 of the list */
    PlyColourMaterials(Material base) {
        this.base = base;
        materials.add(base);
    }

    /** The index of the material of this sRGB colour (0…1 per channel); NaN (no colour) gives the base, 0. */
    int materialOf(float r, float g, float b) {
        if (Float.isNaN(r) || Float.isNaN(g) || Float.isNaN(b)) return 0;
        int qr = level(r), qg = level(g), qb = level(b);
        int key = (qr * LEVELS + qg) * LEVELS + qb;
        Integer known = indexOfKey.get(key);
        if (known != null) return known;
        Vec3 linear = new Vec3(linear(qr), linear(qg), linear(qb));
        String name = String.format("colour #%02x%02x%02x", qr * 17, qg * 17, qb * 17);
        // The same proportions as the default material's: ambient an eighth of the diffuse colour.
        materials.add(base.toBuilder().name(name).diffuse(linear).ambient(linear.times(0.125f)).build());
        indexOfKey.put(key, materials.size() - 1);
        return materials.size() - 1;
    }

    List<Material> materials() {
        return List.copyOf(materials);
    }

    private static int level(float c) {
        return Math.round(Math.max(0f, Math.min(1f, c)) * (LEVELS - 1));
    }

    /** The sRGB transfer function undone (IEC 61966-2-1). */
    private static float linear(int level) {
        double c = level / (double) (LEVELS - 1);
        return (float) (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
    }
}
