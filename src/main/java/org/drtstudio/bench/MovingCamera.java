package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;

import java.util.List;

/**
 * The spheres suite's moving-camera run (the sphere caster's run of 1,000 frames, issue 42): the eye
 * moves {@link #TRAVEL} (b) straight along the view direction over the run, the view direction kept, so
 * with the paper's layout it flies from the origin through the whole depth of the spheres, z = 0 to
 * −b. The path is ours: the paper's path is not quoted. A light at the eye (the facing-ratio look)
 * moves with it; only the lights of the image change from frame to frame, so a tracer uploads those
 * and keeps its structures.
 */
final class MovingCamera {
    static final float TRAVEL = RandomSpheres.HALF_WIDTH;

    private final Scene scene;
    private final GeometryImage image;
    private final boolean headlight;
    private final int frames;

    /**
     * @param headlight whether the scene's lights sit at the eye and move with it
     */
    MovingCamera(Scene scene, GeometryImage image, boolean headlight, int frames) {
        if (frames < 1) throw new IllegalArgumentException("a moving-camera run needs at least 1 frame, got " + frames);
        this.scene = scene;
        this.image = image;
        this.headlight = headlight;
        this.frames = frames;
    }

    /** The camera of frame {@code i} of the run (frame 0 is the scene's own). */
    Camera camera(int i) {
        Camera c = scene.camera();
        Vec3 step = c.look().minus(c.eye()).normalized().times(TRAVEL * i / frames);
        return new Camera(c.eye().plus(step), c.look().plus(step), c.up(), c.fovY(), c.aperture(), c.focusDistance());
    }

    /** The image of frame {@code i}: the scene's, its lights moved to the eye when they are a headlight. */
    GeometryImage image(int i) {
        if (!headlight) return image;
        Vec3 eye = camera(i).eye();
        List<Light> moved = scene.lights().stream().map(l -> l.at(eye)).toList();
        return image.withLights(GeometryImagePacker.packLights(moved));
    }

    int frames() {
        return frames;
    }
}
