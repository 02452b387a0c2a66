package org.drtstudio.scene;

import org.drtstudio.math.Vec3;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class CameraLensTest {
    private static final Camera CAMERA = new Camera(new Vec3(0, 0, 5), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0);

    @Test
    void fNumberGivesTheLensRadius() {
        assertEquals(0.025f, Camera.apertureRadius(2, 0.1f), 1e-7f); // a 100 mm f/2 lens is 50 mm across
        assertEquals(0.0125f, Camera.apertureRadius(4, 0.1f), 1e-7f);
        assertThrows(IllegalArgumentException.class, () -> Camera.apertureRadius(0, 0.05f));
        assertThrows(IllegalArgumentException.class, () -> Camera.apertureRadius(2, -1));
    }

    @Test
    void fullFrameFocalLengthMatchesTheFieldOfView() {
        // A 50 mm lens on a 24 mm high sensor sees 2 atan(12 / 50) = 27.0° vertically.
        float fov = (float) Math.toDegrees(2 * Math.atan(12.0 / 50));
        assertEquals(0.050f, CAMERA.withView(CAMERA.eye(), CAMERA.look(), CAMERA.up(), fov).fullFrameFocalLength(), 1e-6f);
    }

    @Test
    void lensValuesAreChecked() {
        assertEquals(0.1f, CAMERA.withLens(0.1f, 3).aperture());
        assertEquals(3f, CAMERA.withLens(0.1f, 3).focusDistance());
        assertThrows(IllegalArgumentException.class, () -> CAMERA.withLens(-0.1f, 3));
        assertThrows(IllegalArgumentException.class, () -> CAMERA.withLens(0.1f, Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> CAMERA.withLens(Float.POSITIVE_INFINITY, 1));
    }
}
