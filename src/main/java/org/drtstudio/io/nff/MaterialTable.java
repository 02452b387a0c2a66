package org.drtstudio.io.nff;

import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The materials of an NFF file: each {@code f} line becomes a material, and an {@code f} equal to
 * an earlier one reuses it (SPD's lattice repeats the same few fills thousands of times).
 */
final class MaterialTable {
    /** Material for primitives before the first {@code f} line: a neutral grey plastic. */
    static final Material BEFORE_FIRST_FILL = Material.DEFAULT.withName("nff_default");

    private final List<Material> materials = new ArrayList<>();
    /** Keyed by the material with a fixed name, so equal parameters find the same index. */
    private final Map<Material, Integer> indexByValue = new HashMap<>();
    private int current = -1;

    /**
     * Makes the fill of an {@code f} line current: colour (r,g,b) scaled by Kd for diffuse and
     * ambient, Ks as grey specular colour and mirror weight, Shine as Phong exponent, T as
     * transparency; an index of refraction ≤ 0 (SPD writes 0 for opaque fills) means 1.
     */
    void fill(float r, float g, float b, float kd, float ks, float shine, float t, float ior, ConfinedPath texture) {
        Vec3 diffuse = new Vec3(r * kd, g * kd, b * kd);
        Material.Builder fill = Material.named("nff").ambient(diffuse).diffuse(diffuse).specular(new Vec3(ks, ks, ks))
                .phongExponent(shine).reflectivity(ks).transparency(t).ior(ior > 0 ? ior : 1f);
        Material m = ConfinedPath.textures(fill, texture, null, 1f).build();
        current = indexOf(m);
    }

    private int indexOf(Material keyed) {
        Integer known = indexByValue.get(keyed);
        if (known != null) return known;
        int index = materials.size();
        materials.add(keyed.withName("nff_" + index));
        indexByValue.put(keyed, index);
        return index;
    }

    /** Index of the material for the next primitive; adds the default one if no {@code f} came yet. */
    int current() {
        if (current < 0) current = indexOf(BEFORE_FIRST_FILL.withName("nff"));
        return current;
    }

    /** The materials in index order; never empty. */
    List<Material> materials() {
        if (materials.isEmpty()) current();
        return List.copyOf(materials);
    }
}
