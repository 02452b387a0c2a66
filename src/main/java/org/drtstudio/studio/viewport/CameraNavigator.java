package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Viewport navigation as pure functions on the camera: orbit about the look point, pan, dolly
 * zoom, fly (WASD) and mouse look, and framing a bounding sphere. The up vector stays the
 * camera's, so the horizon never rolls.
 */
public final class CameraNavigator {
    /** Degrees of orbit or look per pixel of mouse movement. */
    static final double DEGREES_PER_PIXEL = 0.4;

    private CameraNavigator() {
    }

    /** Turns the eye about the look point: {@code dx} about the up axis, {@code dy} about the camera's right axis. */
    public static Camera orbit(Camera c, double dx, double dy) {
        Vec3 offset = c.eye().minus(c.look());
        Vec3 up = c.up().normalized();
        Vec3 right = c.look().minus(c.eye()).cross(up).normalized();
        Vec3 turned = rotate(offset, up, -dx * DEGREES_PER_PIXEL);
        Vec3 tilted = rotate(turned, right, -dy * DEGREES_PER_PIXEL);
        // Stop short of the poles, where up and the view direction would be parallel.
        if (Math.abs(tilted.normalized().dot(up)) > 0.995) tilted = turned;
        return c.withView(c.look().plus(tilted), c.look(), c.up(), c.fovY());
    }

    /** Moves eye and look point together so the scene follows the mouse at the look point's depth. */
    static Camera pan(Camera c, double dx, double dy, double viewportHeight) {
        ViewProjection view = ViewProjection.of(c, viewportHeight, viewportHeight);
        double unit = view.unitsPerPixel(c.look().minus(c.eye()).length());
        Vec3 shift = view.right().times((float) (-dx * unit)).plus(view.up().times((float) (dy * unit)));
        return c.withView(c.eye().plus(shift), c.look().plus(shift), c.up(), c.fovY());
    }

    /** Moves the eye toward the look point by 15 % per notch (negative notches move away). */
    static Camera zoom(Camera c, double notches) {
        Vec3 offset = c.eye().minus(c.look());
        double factor = Math.pow(0.85, notches);
        double len = offset.length() * factor;
        if (len < 1e-3) return c;
        return c.withView(c.look().plus(offset.times((float) factor)), c.look(), c.up(), c.fovY());
    }

    /** Flies: moves eye and look point along the view direction, the right axis and up. */
    static Camera fly(Camera c, double forward, double sideways, double upward) {
        ViewProjection view = ViewProjection.of(c, 1, 1);
        Vec3 move = view.forward().times((float) forward).plus(view.right().times((float) sideways))
                .plus(c.up().normalized().times((float) upward));
        return c.withView(c.eye().plus(move), c.look().plus(move), c.up(), c.fovY());
    }

    /** Mouse look: turns the view direction about the eye. */
    static Camera look(Camera c, double dx, double dy) {
        Vec3 dir = c.look().minus(c.eye());
        Vec3 up = c.up().normalized();
        Vec3 right = dir.cross(up).normalized();
        Vec3 turned = rotate(dir, up, -dx * DEGREES_PER_PIXEL);
        Vec3 tilted = rotate(turned, right, -dy * DEGREES_PER_PIXEL);
        if (Math.abs(tilted.normalized().dot(up)) > 0.995) tilted = turned;
        return c.withView(c.eye(), c.eye().plus(tilted), c.up(), c.fovY());
    }

    /** Looks at {@code center} from the current direction, far enough that a sphere of {@code radius} fills the view. */
    public static Camera frame(Camera c, Vec3 center, double radius) {
        Vec3 dir = c.look().minus(c.eye()).normalized();
        double distance = Math.max(radius, 1e-3) / Math.sin(Math.toRadians(c.fovY()) * 0.5) * 1.1;
        return c.withView(center.minus(dir.times((float) distance)), center, c.up(), c.fovY());
    }

    static Vec3 rotate(Vec3 v, Vec3 axis, double degrees) {
        Vector3f r = new Quaternionf().rotateAxis((float) Math.toRadians(degrees), axis.x(), axis.y(), axis.z())
                .transform(new Vector3f(v.x(), v.y(), v.z()));
        return new Vec3(r.x, r.y, r.z);
    }
}
