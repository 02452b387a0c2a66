package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * Pinhole (later thin-lens) camera: at {@code eye} looking at {@code look}, {@code fovY} the vertical
 * field of view in degrees from the top edge of the image to the bottom edge; aspect = width/height.
 * Pixel (x, y), y down from the top row, is sampled at (x+0.5, y+0.5) with one sample.
 */
public record Camera(Vec3 eye, Vec3 look, Vec3 up, float fovY, float aperture, float focusDistance) {
    public static final Camera DEFAULT = new Camera(new Vec3(0, 0, 5), Vec3.ZERO, new Vec3(0, 1, 0), 45f, 0f, 0f);

    public Camera {
        if (!(fovY > 0 && fovY < 180)) throw new IllegalArgumentException("fov must be between 0 and 180 degrees, got " + fovY);
        if (eye.minus(look).length() == 0) throw new IllegalArgumentException("camera eye and look point are the same: " + eye);
        if (up.cross(look.minus(eye)).length() == 0) throw new IllegalArgumentException("camera up " + up + " is parallel to the view direction");
    }

    public Camera withView(Vec3 newEye, Vec3 newLook, Vec3 newUp, float newFovY) {
        return new Camera(newEye, newLook, newUp, newFovY, aperture, focusDistance);
    }
}
