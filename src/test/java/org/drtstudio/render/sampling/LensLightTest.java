package org.drtstudio.render.sampling;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import org.drtstudio.render.GuideScenes;

/** Which light's first-hit point takes the lens's sample dimensions ({@link LensLight}). */
class LensLightTest {
    /** The two-colour floor with its one light followed by a point light and a ball light of radius 0.5. */
    private static Scene withLights(float firstRadius) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        Light first = s.lights().get(0);
        List<Light> lights = new ArrayList<>();
        lights.add(first.withRadius(firstRadius));
        lights.add(first);
        lights.add(first.withRadius(0.5f));
        return s.withLights(lights);
    }

    private static int lensLight(Scene s, float aperture) {
        GeometryImage image = GuideScenes.pack(s);
        return LensLight.of(image, GuideScenes.parameters(s, image, 16, aperture));
    }

    @Test
    void theFirstAreaLightTakesTheClosedLenssDimensions() throws Exception {
        assertEquals(0, lensLight(withLights(1f), 0f));
        assertEquals(2, lensLight(withLights(0f), 0f), "point lights draw nothing: the first light with an area");
    }

    @Test
    void noLightTakesThemWhenTheLensIsOpenOrEveryLightIsAPoint() throws Exception {
        assertEquals(LensLight.NONE, lensLight(withLights(1f), 0.2f));
        assertEquals(LensLight.NONE, lensLight(GuideScenes.twoColourFloor(), 0f));
    }
}
