package org.drtstudio.lab;

import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The shipped project {@code scenes/all-effects.json} is the noise measurements' "all three" scene
 * (docs/RESULTS.md): the default scene with the lens open, both lights soft and every reflective
 * material rough, so a user can render what the measurements measured.
 */
class AllEffectsProjectTest {
    @Test
    void theProjectIsTheMeasuredScene() throws Exception {
        Scene project = SceneLoader.load(Path.of("scenes/all-effects.json")).scene();
        Scene base = SceneLoader.load(Path.of("scenes/default.nff")).scene();
        Scene measured = NoiseMeasurement.variants().stream().filter(v -> v.name().equals("all-three")).findFirst()
                .orElseThrow().make().apply(base);
        assertEquals(measured.camera(), project.camera(), "camera and lens");
        assertEquals(measured.lights().stream().map(Light::radius).toList(), project.lights().stream().map(Light::radius).toList(),
                "light radii");
        assertEquals(measured.materials().size(), project.materials().size(), "materials");
        for (int i = 0; i < measured.materials().size(); i++) {
            assertEquals(measured.materials().get(i).roughness(), project.materials().get(i).roughness(), "roughness of material " + i);
            assertEquals(measured.materials().get(i).reflectivity(), project.materials().get(i).reflectivity(), "reflectivity of material " + i);
        }
    }
}
