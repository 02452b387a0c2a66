package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.RenderSettings;

import java.util.Arrays;

/**
 * Everything a tracer needs besides the geometry image, computed once in Java so both tracers
 * start from the same floats: the camera at shutter open and close ({@link CameraBasis}), the
 * sampling choices, the lighting constants and the ray offset.
 *
 * @param motion     whether rays carry a time: the camera or an instance moves during the shutter
 * @param rayEpsilon offset along the geometric normal for rays leaving a surface, in scene units
 * @param throughputCutoff rays lighter than this are not sent
 * @param rouletteWeight rays sent on from a later bounce and lighter than this play Russian
 *                       roulette ({@link org.drtstudio.render.sampling.Roulette}); 0 sends them all
 */
public record TraceParameters(int width, int height, int samplesPerPixel, int maxDepth, int seed,
                              CameraBasis open, CameraBasis close, PixelFilter filter, boolean motion,
                              float[] background, float[] ambientLight, float[] attenuation,
                              float rayEpsilon, float throughputCutoff, float rouletteWeight) {

    /** Rays whose remaining weight is below this never change an 8-bit pixel by more than a step. */
    public static final float DEFAULT_THROUGHPUT_CUTOFF = 1e-3f;

    /** A still camera with the box filter. */
    public static TraceParameters of(Camera camera, RenderSettings s, GeometryImage image) {
        return of(camera, camera, s, image, PixelFilter.BOX);
    }

    /**
     * @param cameraOpen  the camera at shutter open
     * @param cameraClose the camera at shutter close (the same camera for no camera motion)
     */
    public static TraceParameters of(Camera cameraOpen, Camera cameraClose, RenderSettings s, GeometryImage image,
                                     PixelFilter filter) {
        CameraBasis open = CameraBasis.of(cameraOpen, s.width(), s.height());
        CameraBasis close = CameraBasis.of(cameraClose, s.width(), s.height());
        boolean cameraMoves = !Arrays.equals(open.eye(), close.eye()) || !Arrays.equals(open.forward(), close.forward())
                || !Arrays.equals(open.right(), close.right()) || !Arrays.equals(open.up(), close.up())
                || !Arrays.equals(open.lensRight(), close.lensRight()) || open.focusDistance() != close.focusDistance();
        float extent = image.sceneRadius();
        float far = Math.max(Math.max(Math.abs(image.sceneCenter()[0]), Math.abs(image.sceneCenter()[1])),
                Math.abs(image.sceneCenter()[2])) + extent;
        // Large enough to clear float rounding at the scene's coordinates, small next to its features.
        float eps = Math.max(1e-5f * extent, 2e-6f * far);
        if (!(eps > 0)) eps = 1e-5f;
        return new TraceParameters(s.width(), s.height(), s.samplesPerPixel(), s.maxDepth(), foldSeed(s.seed()),
                open, close, filter, cameraMoves || image.motion(), CameraBasis.arr(s.background()),
                CameraBasis.arr(s.ambientLight()), new float[]{s.attenuationC1(), s.attenuationC2(), s.attenuationC3()},
                eps, DEFAULT_THROUGHPUT_CUTOFF, org.drtstudio.render.sampling.Roulette.WEIGHT);
    }

    /** These parameters with Russian roulette from weight {@code weight} down (0: off). */
    public TraceParameters withRouletteWeight(float weight) {
        return new TraceParameters(width, height, samplesPerPixel, maxDepth, seed, open, close, filter, motion, background,
                ambientLight, attenuation, rayEpsilon, throughputCutoff, weight);
    }

    public float[] eye() { return open.eye(); }
    public float[] forward() { return open.forward(); }
    public float[] right() { return open.right(); }
    public float[] up() { return open.up(); }

    private static int foldSeed(long seed) {
        return (int) (seed ^ (seed >>> 32));
    }
}
