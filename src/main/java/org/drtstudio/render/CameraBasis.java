package org.drtstudio.render;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;

/**
 * A camera reduced to what ray generation needs. The pinhole ray through image point (sx, sy)
 * has direction {@code normalize(forward + ndcX * right + ndcY * up)}, ndcX = 2 sx / width - 1,
 * ndcY = 1 - 2 sy / height; {@code right} and {@code up} are scaled by the view's half-extents at
 * distance 1. For depth of field the origin moves to a point of the lens disk spanned by
 * {@code lensRight} and {@code lensUp} (unit axes times the aperture radius) and the ray aims at
 * where the pinhole ray meets the plane of focus at {@code focusDistance} along {@code forward}.
 */
public record CameraBasis(float[] eye, float[] forward, float[] right, float[] up, float[] lensRight, float[] lensUp,
                          float focusDistance) {

    public static CameraBasis of(Camera camera, int width, int height) {
        Vec3 w = camera.look().minus(camera.eye()).normalized();
        Vec3 u = w.cross(camera.up()).normalized();
        Vec3 v = u.cross(w);
        float tanHalf = (float) Math.tan(Math.toRadians(camera.fovY()) * 0.5);
        float aspect = (float) width / height;
        float focus = camera.focusDistance() > 0 ? camera.focusDistance() : camera.look().minus(camera.eye()).length();
        float lens = Math.max(0f, camera.aperture());
        return new CameraBasis(arr(camera.eye()), arr(w), arr(u.times(tanHalf * aspect)), arr(v.times(tanHalf)),
                arr(u.times(lens)), arr(v.times(lens)), focus);
    }

    public boolean hasLens() {
        return lensRight[0] != 0 || lensRight[1] != 0 || lensRight[2] != 0;
    }

    static float[] arr(Vec3 v) {
        return new float[]{v.x(), v.y(), v.z()};
    }
}
