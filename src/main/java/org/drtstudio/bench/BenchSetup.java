package org.drtstudio.bench;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;

import java.util.List;

/**
 * How the suite looks at a scene and which distributed effects it turns on. Scanned models come
 * with a camera that frames the whole model, where many rays miss and a miss is cheap; the suite
 * moves in close so most rays hit (the hit fraction is reported). For the full frame every
 * distributed effect is on: a lens aperture, spherical lights (soft shadows), glossy materials
 * and a Gaussian pixel filter.
 */
public final class BenchSetup {
    /** Roughness of every material in the effects frame, and of the glossy benchmark rays. */
    static final float GLOSSY_ROUGHNESS = 0.2f;
    /** Reflectivity every material gets at least in the effects frame, so glossy rays are traced. */
    static final float MIN_REFLECTIVITY = 0.25f;
    /** Lens radius and light radius, as fractions of the scene's bounding radius. */
    static final float APERTURE = 0.005f, LIGHT_RADIUS = 0.05f;

    private BenchSetup() {
    }

    /** Phong lobe exponent of {@link #GLOSSY_ROUGHNESS}: 2/r² − 2. */
    public static float glossyExponent() {
        return 2f / (GLOSSY_ROUGHNESS * GLOSSY_ROUGHNESS) - 2f;
    }

    /**
     * The scene seen from {@code factor} of its camera's distance to the look point (an OBJ's camera
     * frames its bounding sphere from r / sin 22.5° away, looking at the centre).
     */
    static Scene closeUp(Scene s, float factor) {
        Camera c = s.camera();
        Vec3 eye = c.look().plus(c.eye().minus(c.look()).times(factor));
        return s.withCamera(new Camera(eye, c.look(), c.up(), c.fovY(), c.aperture(), c.focusDistance()));
    }

    /** The scene with every distributed effect on (the pixel filter is chosen by the caller). */
    public static Scene withEffects(Scene s, float radius) {
        Camera c = s.camera();
        float focus = c.look().minus(c.eye()).length();
        Camera lens = new Camera(c.eye(), c.look(), c.up(), c.fovY(), APERTURE * radius, focus);
        List<Light> lights = s.lights().stream()
                .map(l -> l.radius() > 0 ? l : l.withRadius(LIGHT_RADIUS * radius)).toList();
        List<Material> materials = s.materials().stream().map(BenchSetup::glossy).toList();
        return new Scene(s.name(), s.root(), materials, lights, lens, s.settings());
    }

    private static Material glossy(Material m) {
        Material g = m.roughness() > 0 ? m : m.withRoughness(GLOSSY_ROUGHNESS);
        if (g.reflectivity() >= MIN_REFLECTIVITY) return g;
        return g.toBuilder().reflectivity(MIN_REFLECTIVITY).build();
    }
}
