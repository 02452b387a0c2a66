package org.drtstudio.render.cpu;

import org.drtstudio.accel.EnvironmentMap;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.EnvironmentScenes;
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
 * The environment light against closed forms: a diffuse floor under the open sky reflects
 * kd / π ∫ L cos dω over the upper hemisphere, whatever the map (uniform, or a sun that the map's
 * draw and the cosine draw share by MIS), its turn and strength; rays that leave the scene see the
 * map's texel in their direction.
 */
class EnvironmentLightTest {
    private static final float KD = 0.5f;

    @Test
    void aUniformSkyLightsAFloorAsAWhiteFurnace() throws Exception {
        float floor = floorRadiance(EnvironmentScenes.uniform(32, 0.8f, 0.8f, 0.8f), Environment.of("sky"), 256);
        assertEquals(KD * 0.8f, floor, 0.002f);
    }

    @Test
    void aSunnySkyLightsAFloorWithItsHemisphereIntegral() throws Exception {
        TextureImage sky = new ProceduralSky(128, 50f, 10f, 4f, 300f).image();
        for (Environment env : List.of(new Environment("sky", 0f, 1f), new Environment("sky", 123f, 2.5f))) {
            double expected = KD / Math.PI * upperIntegral(sky) * env.strength();
            float got = floorRadiance(sky, env, 256);
            assertEquals(expected, got, 0.01 * expected, env.toString());
        }
    }

    @Test
    void escapingRaysSeeTheTurnedMapTimesItsStrength() throws Exception {
        // A map whose columns are numbered: the camera looks along +x, which is column u = 0.75 unturned,
        // and u = 0.5 (the centre, +z) once the map is turned by +90 degrees about +y (+z to +x).
        int w = 16, h = 8;
        float[] rgb = new float[3 * w * h];
        for (int i = 0; i < w * h; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = i % w;
        TextureImage numbered = new TextureImage(w, h, rgb);
        assertEquals(12f, horizonLookingAlongX(numbered, new Environment("sky", 0f, 1f)), 1e-6f);
        assertEquals(8f * 3, horizonLookingAlongX(numbered, new Environment("sky", 90f, 3f)), 1e-5f);
    }

    private static float horizonLookingAlongX(TextureImage sky, Environment env) throws Exception {
        Scene scene = floorScene(env, 1);
        scene = scene.withSettings(scene.settings().withSize(1, 1)).withCamera(new Camera(new Vec3(0, 50, 0), new Vec3(10, 50, 0), new Vec3(0, 1, 0), 1, 0, 0));
        return render(sky, scene).radiance()[1];
    }

    private static float floorRadiance(TextureImage sky, Environment env, int spp) throws Exception {
        Frame f = render(sky, floorScene(env, spp));
        double sum = 0;
        for (int i = 1; i < f.radiance().length; i += 3) sum += f.radiance()[i];
        return (float) (sum / (f.radiance().length / 3));
    }

    private static Frame render(TextureImage sky, Scene scene) throws Exception {
        GeometryImage image = GeometryImagePacker.pack(scene).withEnvironment(EnvironmentMap.of(sky, scene.settings().environment()));
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            return cpu.render(image, TraceParameters.of(scene.camera(), scene.settings(), image), EnumSet.of(Aov.RADIANCE),
                    ProgressListener.NONE);
        }
    }

    /** A large grey floor seen from straight above, nothing else: every pixel sees the whole upper sky. */
    private static Scene floorScene(Environment env, int spp) {
        Vec3 none = Vec3.ZERO;
        Material grey = Material.named("grey").ambient(none).diffuse(new Vec3(KD, KD, KD)).specular(none).build();
        float[] p = {-1000, 0, -1000, 1000, 0, -1000, 1000, 0, 1000, -1000, 0, 1000};
        float[] n = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        TriangleMesh floor = new TriangleMesh("floor", p, n, null, new int[]{0, 2, 1, 0, 3, 2}, new int[]{0, 0});
        RenderSettings rs = new RenderSettings(8, 8, spp, 2, 3, Vec3.ZERO, Vec3.ZERO, 1, 0, 0).withEnvironment(env);
        return new Scene("floor", TransformNode.group("root", List.of(new MeshNode("floor", floor))), List.of(grey), List.of(),
                new Camera(new Vec3(0, 1, 0), new Vec3(0, 0, 0), new Vec3(0, 0, -1), 10, 0, 0), rs);
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
