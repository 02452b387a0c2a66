package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SphereLayout;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The moving-camera run's path: from the scene's eye b along the view, a headlight with it, nothing else re-made. */
class MovingCameraTest {
    @Test
    void theEyeFliesThroughThePapersBoxAndTheHeadlightFollows() {
        Scene scene = RandomSpheres.generate(20, 1, SphereLayout.PAPER).facingScene(16, 9);
        GeometryImage image = GeometryImagePacker.pack(scene);
        MovingCamera path = new MovingCamera(scene, image, true, 1000);
        assertEquals(scene.camera(), path.camera(0));
        assertEquals(new Vec3(0, 0, -5), path.camera(500).eye());
        assertEquals(-RandomSpheres.HALF_WIDTH * 999 / 1000, path.camera(999).eye().z(), 1e-4);
        assertEquals(path.camera(0).look().minus(path.camera(0).eye()), path.camera(700).look().minus(path.camera(700).eye()),
                "the view direction is kept");
        GeometryImage at = path.image(500);
        assertEquals(-5f, at.lights()[2], 1e-6f, "the headlight sits at the eye");
        assertSame(image.primitives(), at.primitives(), "only the lights are new");
        assertSame(image.nodes(), at.nodes());
        assertSame(image, new MovingCamera(scene, image, false, 10).image(5), "no headlight: the scene's image as it is");
        assertThrows(IllegalArgumentException.class, () -> new MovingCamera(scene, image, true, 0));
    }
}
