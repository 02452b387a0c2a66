package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * Thin-lens camera: at {@code eye} looking at {@code look}, {@code fovY} the vertical field of view in
 * degrees from the top edge of the image to the bottom edge; aspect = width/height. {@code aperture}
 * is the lens radius in scene units (0 = pinhole, everything sharp) and {@code focusDistance} the
 * distance of the plane in focus along the view direction (0 = the distance to {@code look}).
 */
public record Camera(Vec3 eye, Vec3 look, Vec3 up, float fovY, float aperture, float focusDistance) {
    public static final Camera DEFAULT = new Camera(new Vec3(0, 0, 5), Vec3.ZERO, new Vec3(0, 1, 0), 45f, 0f, 0f);

    public Camera {
        if (!(aperture >= 0) || !Float.isFinite(aperture)) throw new IllegalArgumentException("aperture radius must be ≥ 0, got " + aperture);
        if (!(focusDistance >= 0) || !Float.isFinite(focusDistance)) throw new IllegalArgumentException("focus distance must be ≥ 0 (0 = the look point), got " + focusDistance);
        if (!(fovY > 0 && fovY < 180)) throw new IllegalArgumentException("fov must be between 0 and 180 degrees, got " + fovY);
        if (eye.minus(look).length() == 0) throw new IllegalArgumentException("camera eye and look point are the same: " + eye);
        if (up.cross(look.minus(eye)).length() == 0) throw new IllegalArgumentException("camera up " + up + " is parallel to the view direction");
    }

    public Camera withLens(float newAperture, float newFocusDistance) {
        return new Camera(eye, look, up, fovY, newAperture, newFocusDistance);
    }

    /**
     * The lens radius of an f-number: the aperture's diameter is the focal length over the
     * f-number, so the radius is {@code focalLength / (2 fNumber)}, in the focal length's units.
     */
    public static float apertureRadius(float fNumber, float focalLength) {
        if (!(fNumber > 0) || !Float.isFinite(fNumber)) throw new IllegalArgumentException("f-number must be > 0, got " + fNumber);
        if (!(focalLength > 0) || !Float.isFinite(focalLength)) throw new IllegalArgumentException("focal length must be > 0, got " + focalLength);
        return focalLength / (2 * fNumber);
    }

    /**
     * The focal length, in metres, of a full-frame (36 × 24 mm) camera with this vertical field of
     * view: the lens that frames the same picture on a 24 mm high sensor. Used to turn an f-number
     * into an aperture when no focal length is given, reading scene units as metres.
     */
    public float fullFrameFocalLength() {
        return (float) (0.012 / Math.tan(Math.toRadians(fovY) * 0.5));
    }

    public Camera withView(Vec3 newEye, Vec3 newLook, Vec3 newUp, float newFovY) {
        return new Camera(newEye, newLook, newUp, newFovY, aperture, focusDistance);
    }
}
