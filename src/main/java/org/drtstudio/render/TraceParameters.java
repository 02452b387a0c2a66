package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.RenderSettings;

/**
 * Everything a tracer needs besides the geometry image, computed once in Java so both tracers
 * start from the same floats. The camera is reduced to its ray basis: the primary ray through
 * image point (sx, sy) in pixels is {@code normalize(forward + ndcX * right + ndcY * up)} with
 * {@code ndcX = 2 sx / width - 1} and {@code ndcY = 1 - 2 sy / height}, where {@code right} and
 * {@code up} are already scaled by the half-extents of the view at distance 1.
 *
 * @param rayEpsilon offset along the geometric normal for rays leaving a surface, in scene units
 */
public record TraceParameters(int width, int height, int samplesPerPixel, int maxDepth, int seed,
                              float[] eye, float[] forward, float[] right, float[] up,
                              float[] background, float[] ambientLight, float[] attenuation,
                              float rayEpsilon, float throughputCutoff) {

    /** Rays whose remaining weight is below this never change an 8-bit pixel by more than a step. */
    public static final float DEFAULT_THROUGHPUT_CUTOFF = 1e-3f;

    public static TraceParameters of(Camera camera, RenderSettings s, GeometryImage image) {
        Vec3 w = camera.look().minus(camera.eye()).normalized();
        Vec3 u = w.cross(camera.up()).normalized();
        Vec3 v = u.cross(w);
        float tanHalf = (float) Math.tan(Math.toRadians(camera.fovY()) * 0.5);
        float aspect = (float) s.width() / s.height();
        Vec3 right = u.times(tanHalf * aspect);
        Vec3 up = v.times(tanHalf);
        float extent = image.sceneRadius();
        float far = Math.max(Math.max(Math.abs(image.sceneCenter()[0]), Math.abs(image.sceneCenter()[1])),
                Math.abs(image.sceneCenter()[2])) + extent;
        // Large enough to clear float rounding at the scene's coordinates, small next to its features.
        float eps = Math.max(1e-5f * extent, 2e-6f * far);
        if (!(eps > 0)) eps = 1e-5f;
        return new TraceParameters(s.width(), s.height(), s.samplesPerPixel(), s.maxDepth(), foldSeed(s.seed()),
                arr(camera.eye()), arr(w), arr(right), arr(up), arr(s.background()), arr(s.ambientLight()),
                new float[]{s.attenuationC1(), s.attenuationC2(), s.attenuationC3()}, eps, DEFAULT_THROUGHPUT_CUTOFF);
    }

    private static int foldSeed(long seed) {
        return (int) (seed ^ (seed >>> 32));
    }

    private static float[] arr(Vec3 v) {
        return new float[]{v.x(), v.y(), v.z()};
    }
}
