package org.drtstudio.scene;

import org.drtstudio.math.Vec3;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** Named construction of materials: every value lands in its own component, and the record's checks still hold. */
class MaterialBuilderTest {
    @Test
    void everyNamedValueLandsInItsComponent() {
        Material built = Material.named("glass").ambient(new Vec3(1, 2, 3)).diffuse(new Vec3(4, 5, 6)).specular(new Vec3(7, 8, 9))
                .phongExponent(10).reflectivity(0.1f).transparency(0.2f).ior(1.5f).absorption(new Vec3(0.3f, 0.4f, 0.5f))
                .diffuseTexture("d.png").roughness(0.6f).bump("b.png", -2).textureWrap(TextureWrap.CLAMP).build();
        Material positional = new Material("glass", new Vec3(1, 2, 3), new Vec3(4, 5, 6), new Vec3(7, 8, 9), 10, 0.1f, 0.2f, 1.5f,
                new Vec3(0.3f, 0.4f, 0.5f), "d.png", 0.6f, "b.png", -2, TextureWrap.CLAMP);
        assertEquals(positional, built);
        assertEquals(built, built.toBuilder().build(), "toBuilder keeps every value");
        assertEquals(built.withName("ice"), built.toBuilder().name("ice").build());
    }

    @Test
    void anUnnamedValueIsNothing() {
        assertEquals(new Material("m", Vec3.ZERO, Vec3.ZERO, Vec3.ZERO, 1, 0, 0, 1, Vec3.ZERO, null, 0, null, 1, TextureWrap.REPEAT), Material.named("m").build());
    }

    @Test
    void theRecordsChecksApplyToTheBuilder() {
        assertThrows(IllegalArgumentException.class, () -> Material.named("m").roughness(2).build());
        assertThrows(IllegalArgumentException.class, () -> Material.named("m").bump("b.png", Float.NaN).build());
    }
}
