package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;

/**
 * The pinhole camera of the preview as a mapping between world points and viewport pixels, using
 * the same basis as the tracers ({@link org.drtstudio.render.CameraBasis}): pixel (x, y) from the
 * top-left, continuous, so a ray through a pixel centre uses (x + 0.5, y + 0.5).
 */
public record ViewProjection(Vec3 eye, Vec3 forward, Vec3 right, Vec3 up, double tanHalf, double width, double height) {

    public static ViewProjection of(Camera camera, double width, double height) {
        Vec3 w = camera.look().minus(camera.eye()).normalized();
        Vec3 u = w.cross(camera.up()).normalized();
        Vec3 v = u.cross(w);
        return new ViewProjection(camera.eye(), w, u, v, Math.tan(Math.toRadians(camera.fovY()) * 0.5), width, height);
    }

    double aspect() {
        return width / height;
    }

    /** Unit direction of the ray through viewport point (x, y). */
    public Vec3 ray(double x, double y) {
        double ndcX = 2 * x / width - 1, ndcY = 1 - 2 * y / height;
        return forward.plus(right.times((float) (ndcX * tanHalf * aspect()))).plus(up.times((float) (ndcY * tanHalf))).normalized();
    }

    /** Viewport point {x, y} of {@code p}, or null when it is behind the eye. */
    public double[] project(Vec3 p) {
        Vec3 d = p.minus(eye);
        double z = d.dot(forward);
        if (z <= 1e-6) return null;
        double ndcX = d.dot(right) / (z * tanHalf * aspect());
        double ndcY = d.dot(up) / (z * tanHalf);
        return new double[]{(ndcX + 1) * 0.5 * width, (1 - ndcY) * 0.5 * height};
    }

    /** World units per viewport pixel at distance {@code depth} along the view direction. */
    public double unitsPerPixel(double depth) {
        return 2 * depth * tanHalf / height;
    }

    /** Distance of {@code p} along the view direction. */
    public double depth(Vec3 p) {
        return p.minus(eye).dot(forward);
    }
}
