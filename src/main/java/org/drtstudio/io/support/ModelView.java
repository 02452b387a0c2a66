package org.drtstudio.io.support;

import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;

/**
 * A first view of an imported model (OBJ, PLY), which brings no camera or light of its own: a camera on the
 * +z side looking at the centre of the bounding box, far enough back that the bounding sphere
 * fits the 45° vertical field of view, and a white point light above the camera.
 */
public final class ModelView {
    public static final float FOV_Y_DEGREES = 45f;

    private final Camera camera;
    private final Light light;

    private ModelView(Camera camera, Light light) {
        this.camera = camera;
        this.light = light;
    }

    public Camera camera() { return camera; }

    public Light light() { return light; }

    /**
     * @param positions x,y,z per vertex, at least one vertex
     * @return the view, or null when the model is too large for float coordinates to frame
     */
    public static ModelView frame(float[] positions) {
        // The box's corners are floats exactly; the framing below is done in double, so a model near
        // float's limits is refused (null) rather than framed from overflowed sums.
        Aabb box = Aabb.ofPoints(positions);
        double minX = box.min().x(), minY = box.min().y(), minZ = box.min().z();
        double maxX = box.max().x(), maxY = box.max().y(), maxZ = box.max().z();
        double cx = 0.5 * (minX + maxX), cy = 0.5 * (minY + maxY), cz = 0.5 * (minZ + maxZ);
        double radius = 0.5 * Math.sqrt(sq(maxX - minX) + sq(maxY - minY) + sq(maxZ - minZ));
        // A model that is a single point (or is tiny far from the origin) still needs the eye to
        // differ from the look point in float precision.
        double magnitude = Math.max(Math.max(Math.abs(cx), Math.abs(cy)), Math.max(Math.abs(cz), 1.0));
        radius = Math.max(radius, 1e-5 * magnitude);
        double distance = radius / Math.sin(Math.toRadians(FOV_Y_DEGREES / 2));
        Vec3 look = Vec3.of(cx, cy, cz);
        Vec3 eye = Vec3.of(cx, cy, cz + distance);
        Vec3 lightPosition = Vec3.of(cx, cy + radius, cz + distance);
        if (!eye.isFinite() || !lightPosition.isFinite() || eye.equals(look)) return null;
        try {
            Camera camera = new Camera(eye, look, new Vec3(0, 1, 0), FOV_Y_DEGREES, 0f, 0f);
            return new ModelView(camera, new PointLight(lightPosition, Vec3.ONE, 1f));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static double sq(double x) {
        return x * x;
    }
}
