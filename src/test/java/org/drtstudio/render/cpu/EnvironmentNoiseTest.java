package org.drtstudio.render.cpu;

import org.drtstudio.accel.EnvironmentMap;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.EnvironmentScenes;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.ProceduralSky;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TextureImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Issue 38's measure of the environment light's sampling: at 16 samples a pixel, the error of a
 * scene of diffuse balls on a floor lit by a sky with a small sun that gives most of its light
 * (against a 1024-sample render of it) is within 1.5× of the error of the same scene under a
 * uniform sky of the same average radiance (the two pictures' means differ by a sixth). Measured
 * on the 2-core machine: 0.0104 against 0.0153 (0.68×); with the map drawn by plain luminance,
 * before MIS compensation ({@code EnvironmentMap}), 0.037 (2.4×); a point light of the sun's
 * size and brightness over a constant ambient term, 0.0064. Without the map's draw the sun would
 * be found by the cosine-weighted ray once in a thousand samples. The sun seen in a mirror or
 * through a glossy lobe is not part of this: those rays are not drawn toward the map (docs/ARCHITECTURE.md).
 */
@Timeout(300)
class EnvironmentNoiseTest {
    private static final int W = 64, H = 48, SPP = 16, REFERENCE_SPP = 1024;

    @Test
    void aSmallSunIsNoNoisierThanAUniformSkyOfTheSameBrightness() throws Exception {
        TextureImage sunny = ProceduralSky.SHIPPED.image();
        float[] mean = sphereMean(sunny);
        TextureImage uniform = EnvironmentScenes.uniform(64, mean[0], mean[1], mean[2]);
        double sunError = error(sunny), uniformError = error(uniform);
        System.out.printf("environment noise at %d spp: sunny sky RMSE %.5f, uniform sky RMSE %.5f, ratio %.3f%n",
                SPP, sunError, uniformError, sunError / uniformError);
        assertTrue(sunError <= 1.5 * uniformError, "sunny " + sunError + " vs uniform " + uniformError);
    }

    /** The sun gives most of the sunny sky's light on an upward surface: importance sampling is needed at all. */
    @Test
    void theSunDominatesTheSky() {
        TextureImage sky = ProceduralSky.SHIPPED.image();
        double sun = 0, all = 0;
        int w = sky.width(), h = sky.height();
        for (int row = 0; row < h; row++) {
            double theta = Math.PI * (1 - (row + 0.5) / h);
            double cos = Math.cos(theta), solid = Math.sin(theta) * (Math.PI / h) * (2 * Math.PI / w);
            if (cos <= 0) continue;
            for (int col = 0; col < w; col++) {
                double lum = sky.rgb()[3 * (row * w + col) + 1];
                double e = lum * cos * solid;
                all += e;
                if (lum > 100) sun += e;
            }
        }
        assertTrue(sun > 0.7 * all, "the sun's share of the light on the ground: " + sun / all);
    }

    private static double error(TextureImage sky) throws Exception {
        Frame noisy = render(sky, SPP, 7), reference = render(sky, REFERENCE_SPP, 1234);
        double sum = 0;
        for (int i = 0; i < noisy.radiance().length; i++) {
            double d = noisy.radiance()[i] - reference.radiance()[i];
            sum += d * d;
        }
        return Math.sqrt(sum / noisy.radiance().length);
    }

    private static Frame render(TextureImage sky, int spp, long seed) throws Exception {
        Scene scene = EnvironmentScenes.matteBalls(Environment.of("sky"), W, H, spp);
        scene = scene.withSettings(scene.settings().withSampling(spp, scene.settings().maxDepth(), seed));
        GeometryImage image = GeometryImagePacker.pack(scene).withEnvironment(EnvironmentMap.of(sky, scene.settings().environment()));
        TraceParameters p = TraceParameters.of(scene.camera(), scene.settings(), image);
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            return cpu.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        }
    }

    /** The sky's radiance averaged over the sphere of directions, per channel. */
    static float[] sphereMean(TextureImage sky) {
        double[] sum = new double[3];
        double weights = 0;
        int w = sky.width(), h = sky.height();
        for (int row = 0; row < h; row++) {
            double s = Math.sin(Math.PI * (row + 0.5) / h);
            for (int col = 0; col < w; col++) {
                for (int c = 0; c < 3; c++) sum[c] += s * sky.rgb()[3 * (row * w + col) + c];
                weights += s;
            }
        }
        return new float[]{(float) (sum[0] / weights), (float) (sum[1] / weights), (float) (sum[2] / weights)};
    }
}
