package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.render.CameraBasis;
import org.drtstudio.scene.Camera;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The viewport's projection agrees with the tracers' camera; navigation keeps what it promises. */
class ViewNavigationTest {
    private final Camera camera = new Camera(new Vec3(2, 3, 9), new Vec3(0, 1, 0), new Vec3(0, 1, 0), 38, 0, 0);

    @Test
    void rayThroughAPixelCentreIsTheTracersPrimaryRay() {
        int w = 320, h = 180;
        ViewProjection v = ViewProjection.of(camera, w, h);
        CameraBasis b = CameraBasis.of(camera, w, h);
        for (int[] px : new int[][]{{0, 0}, {319, 179}, {100, 40}}) {
            double ndcX = 2 * (px[0] + 0.5) / w - 1, ndcY = 1 - 2 * (px[1] + 0.5) / h;
            Vec3 expected = new Vec3(b.forward()[0], b.forward()[1], b.forward()[2])
                    .plus(new Vec3(b.right()[0], b.right()[1], b.right()[2]).times((float) ndcX))
                    .plus(new Vec3(b.up()[0], b.up()[1], b.up()[2]).times((float) ndcY)).normalized();
            Vec3 r = v.ray(px[0] + 0.5, px[1] + 0.5);
            assertEquals(0, r.minus(expected).length(), 1e-6);
            double[] back = v.project(v.eye().plus(r.times(7)));
            assertEquals(px[0] + 0.5, back[0], 1e-3);
            assertEquals(px[1] + 0.5, back[1], 1e-3);
        }
    }

    @Test
    void orbitKeepsTheDistanceToTheLookPoint() {
        Camera c = CameraNavigator.orbit(camera, 80, -30);
        assertEquals(camera.eye().minus(camera.look()).length(), c.eye().minus(c.look()).length(), 1e-4);
        assertEquals(camera.look(), c.look());
    }

    @Test
    void panMovesEyeAndLookTogetherAndTheLookPointFollowsTheMouse() {
        Camera c = CameraNavigator.pan(camera, 40, 0, 360);
        assertEquals(0, c.eye().minus(camera.eye()).minus(c.look().minus(camera.look())).length(), 1e-5);
        // The old look point now appears 40 px to the right of the centre.
        double[] p = ViewProjection.of(c, 640, 360).project(camera.look());
        assertEquals(320 + 40, p[0], 0.05);
        assertEquals(180, p[1], 0.05);
    }

    @Test
    void zoomScalesTheDistanceAndFrameFitsTheSphere() {
        Camera z = CameraNavigator.zoom(camera, 2);
        assertEquals(camera.eye().minus(camera.look()).length() * 0.85 * 0.85, z.eye().minus(z.look()).length(), 1e-4);
        Camera f = CameraNavigator.frame(camera, new Vec3(5, 0, 0), 2);
        assertEquals(new Vec3(5, 0, 0), f.look());
        double distance = f.eye().minus(f.look()).length();
        assertEquals(2 / Math.sin(Math.toRadians(19)) * 1.1, distance, 1e-3, "the sphere fits the vertical field of view with a margin");
    }

    @Test
    void flyMovesAlongTheViewDirection() {
        Camera c = CameraNavigator.fly(camera, 1.5, 0, 0);
        Vec3 dir = camera.look().minus(camera.eye()).normalized();
        assertEquals(0, c.eye().minus(camera.eye().plus(dir.times(1.5f))).length(), 1e-5);
    }
}
