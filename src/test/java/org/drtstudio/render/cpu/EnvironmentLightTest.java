package org.drtstudio.render.cpu;

import org.drtstudio.accel.EnvironmentMap;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.EnvironmentChecks;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.ProceduralSky;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The environment light against a closed form on the CPU twin: a diffuse floor under the open sky
 * reflects kd / π ∫ L cos dω over the upper hemisphere, also for a sun that the map's draw and the
 * cosine draw share by MIS, turned and scaled. What every backend must do (the uniform sky, the
 * turned map seen by escaping rays) is {@link EnvironmentChecks}, in the renderer contract.
 */
class EnvironmentLightTest {
    private static final float KD = EnvironmentChecks.KD;

    @Test
    void aSunnySkyLightsAFloorWithItsHemisphereIntegral() throws Exception {
        TextureImage sky = new ProceduralSky(128, 50f, 10f, 4f, 300f).image();
        for (Environment env : List.of(new Environment("sky", 0f, 1f), new Environment("sky", 123f, 2.5f))) {
            double expected = KD / Math.PI * upperIntegral(sky) * env.strength();
            float got = floorRadiance(sky, env, 256);
            assertEquals(expected, got, 0.01 * expected, env.toString());
        }
    }

    private static float floorRadiance(TextureImage sky, Environment env, int spp) throws Exception {
        Frame f;
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            f = EnvironmentChecks.render(cpu, sky, EnvironmentChecks.floorScene(env, spp));
        }
        double sum = 0;
        for (int i = 1; i < f.radiance().length; i += 3) sum += f.radiance()[i];
        return (float) (sum / (f.radiance().length / 3));
    }

    /** ∫ L_green cos θ dω over the upper hemisphere of the piecewise-constant map, each texel split 16 × 16. */
    private static double upperIntegral(TextureImage sky) {
        int w = sky.width(), h = sky.height(), k = 16;
        double sum = 0;
        for (int row = 0; row < h; row++) {
            for (int sub = 0; sub < k; sub++) {
                // Rows bottom-up: θ from the zenith is π(1 − v).
                double theta = Math.PI * (1 - (row + (sub + 0.5) / k) / h);
                if (theta >= Math.PI / 2) continue;
                double band = Math.cos(theta) * Math.sin(theta) * (Math.PI / h / k) * (2 * Math.PI / w);
                for (int col = 0; col < w; col++) sum += sky.rgb()[3 * (row * w + col) + 1] * band;
            }
        }
        return sum;
    }
}
