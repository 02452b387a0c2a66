package org.drtstudio.studio.inspector;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;

/**
 * Starting points for a material, so a new user need not know that glass is transparency 0.9,
 * IOR 1.5 and reflectivity 0.1 (issue 39, item 10). A preset keeps the material's name, textures
 * and (where the look allows) its colour, and sets the rest. The tracers have no emissive
 * materials (a surface that glows is a light: Add → Light → Rectangular), so there is no
 * emissive preset.
 */
public enum MaterialPreset {
    MATTE("Matte", "a dull surface: its colour, no highlight"),
    PLASTIC("Plastic", "its colour under a white highlight and a faint reflection"),
    METAL("Metal", "a blurred reflection; its colour tints the highlight (reflections are not tinted)"),
    MIRROR("Mirror", "a perfect reflection"),
    GLASS("Glass", "clear: transparency 0.9, IOR 1.5, reflectivity 0.1"),
    FROSTED_GLASS("Frosted glass", "glass whose refraction is blurred (roughness 0.35)");

    final String label;
    final String description;

    MaterialPreset(String label, String description) {
        this.label = label;
        this.description = description;
    }

    private static final Vec3 WHITE = new Vec3(1, 1, 1), BLACK = new Vec3(0, 0, 0);

    /** {@code m} with this preset's look. */
    Material apply(Material m) {
        Vec3 colour = m.diffuse();
        Material.Builder b = m.toBuilder().absorption(BLACK).roughness(0).transparency(0).ior(1).reflectivity(0);
        return switch (this) {
            case MATTE -> b.diffuse(colour).ambient(colour.times(0.1f)).specular(new Vec3(0.04f, 0.04f, 0.04f)).phongExponent(4).build();
            case PLASTIC -> b.diffuse(colour).ambient(colour.times(0.1f)).specular(new Vec3(0.5f, 0.5f, 0.5f)).phongExponent(64)
                    .reflectivity(0.08f).build();
            case METAL -> b.diffuse(colour.times(0.15f)).ambient(colour.times(0.05f)).specular(colour).phongExponent(48)
                    .reflectivity(0.75f).roughness(0.2f).build();
            case MIRROR -> b.diffuse(new Vec3(0.02f, 0.02f, 0.02f)).ambient(BLACK).specular(WHITE).phongExponent(1000)
                    .reflectivity(0.95f).build();
            case GLASS -> b.diffuse(new Vec3(0.02f, 0.02f, 0.02f)).ambient(BLACK).specular(WHITE).phongExponent(200)
                    .reflectivity(0.1f).transparency(0.9f).ior(1.5f).build();
            case FROSTED_GLASS -> b.diffuse(new Vec3(0.02f, 0.02f, 0.02f)).ambient(BLACK).specular(WHITE).phongExponent(40)
                    .reflectivity(0.1f).transparency(0.9f).ior(1.5f).roughness(0.35f).build();
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
