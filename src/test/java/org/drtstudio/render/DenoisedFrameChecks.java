package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.scene.Scene;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@link Aov#DENOISED} gives on every backend: the backend's own denoiser applied to the inputs
 * it traced, bit for bit as a caller who read them back and filtered them gets, with only the arrays
 * asked for beside it; and no denoised window of a frame.
 */
public final class DenoisedFrameChecks {
    private DenoisedFrameChecks() {
    }

    public static void denoisedIsTheDenoiserOnTheTracedInputs(Renderer r) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        // Depth of field and 4 samples a pixel: noise for the filter to take, a guide pass on the edges.
        TraceParameters p = GuideScenes.parameters(s, image, 4, 0.2f);
        Frame traced = r.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
        assertNotNull(traced.split(), "the traced inputs carry the split");
        float[] want = r.denoiser().denoise(DenoiseInput.of(traced));

        Frame alone = r.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE);
        assertArrayEquals(bits(want), bits(alone.denoised()), "the denoised radiance is the denoiser's on the traced inputs");
        assertArrayEquals(traced.srgb(), alone.srgb(), "the picture is the traced one");
        assertNull(alone.radiance(), "radiance not asked for");
        assertNull(alone.depth(), "depth not asked for");
        assertNull(alone.normals(), "normals not asked for");
        assertNull(alone.albedo(), "albedo not asked for");
        assertNull(alone.variance(), "variance not asked for");
        assertNull(alone.split(), "the split not asked for");
        assertTrue(rms(want, traced.radiance()) > 1e-3, "the filter changed the radiance");

        Frame with = r.render(image, p, EnumSet.of(Aov.DENOISED, Aov.RADIANCE, Aov.DEPTH, Aov.DIFFUSE), ProgressListener.NONE);
        assertArrayEquals(bits(want), bits(with.denoised()), "asked for beside other arrays, the same denoised radiance");
        assertArrayEquals(bits(traced.radiance()), bits(with.radiance()), "the traced radiance beside it");
        assertArrayEquals(bits(traced.depth()), bits(with.depth()), "the depth beside it");
        assertArrayEquals(bits(traced.split().diffuse()), bits(with.split().diffuse()), "the diffuse part beside it");
        assertNull(with.normals(), "normals not asked for");
    }

    public static void aDenoisedWindowIsRefused(Renderer r) throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 1, 0f);
        assertThrows(IllegalArgumentException.class, () -> r.renderWindow(image, p, new PixelWindow(0, 0, 8, 8),
                EnumSet.of(Aov.DENOISED), ProgressListener.NONE));
    }

    private static int[] bits(float[] data) {
        int[] out = new int[data.length];
        for (int i = 0; i < data.length; i++) out[i] = Float.floatToRawIntBits(data[i]);
        return out;
    }

    private static double rms(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += (a[i] - b[i]) * (double) (a[i] - b[i]);
        return Math.sqrt(sum / a.length);
    }
}
