package org.drtstudio.render;

import org.drtstudio.accel.EnvironmentMap;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The environment light as every backend must render it ({@link RendererContract}): a diffuse
 * floor under a uniform sky reflects kd·L (the white furnace: the map's draw and the cosine draw,
 * combined by MIS, add up to the integral), and a ray leaving the scene sees the turned map's texel
 * times its strength.
 */
public final class EnvironmentChecks {
    /** The floor's diffuse colour. */
    public static final float KD = 0.5f;

    private EnvironmentChecks() {
    }

    public static void floorUnderAUniformSkyIsAWhiteFurnace(Renderer r) throws Exception {
        Frame f = render(r, EnvironmentScenes.uniform(32, 0.8f, 0.8f, 0.8f), floorScene(Environment.of("sky"), 128));
        double sum = 0;
        for (int i = 1; i < f.radiance().length; i += 3) sum += f.radiance()[i];
        assertEquals(KD * 0.8, sum / (f.radiance().length / 3.0), 0.004, "kd/π ∫ L cos dω = kd L");
    }

    public static void escapingRaysSeeTheTurnedMapTimesItsStrength(Renderer r) throws Exception {
        // A map whose columns are numbered: the camera looks along +x, which is column u = 0.75 unturned,
        // and u = 0.5 (the centre, +z) once the map is turned by +90 degrees about +y (+z to +x).
        int w = 16, h = 8;
        float[] rgb = new float[3 * w * h];
        for (int i = 0; i < w * h; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = i % w;
        TextureImage numbered = new TextureImage(w, h, rgb);
        assertEquals(12f, horizonAlongX(r, numbered, new Environment("sky", 0f, 1f)), 1e-6f);
        assertEquals(8f * 3, horizonAlongX(r, numbered, new Environment("sky", 90f, 3f)), 1e-5f);
    }

    private static float horizonAlongX(Renderer r, TextureImage sky, Environment env) throws Exception {
        Scene scene = floorScene(env, 1);
        scene = scene.withSettings(scene.settings().withSize(1, 1))
                .withCamera(new Camera(new Vec3(0, 50, 0), new Vec3(10, 50, 0), new Vec3(0, 1, 0), 1, 0, 0));
        return render(r, sky, scene).radiance()[1];
    }

    /** {@code scene} lit by {@code sky} (its environment's turn and strength), radiance only. */
    public static Frame render(Renderer r, TextureImage sky, Scene scene) throws Exception {
        GeometryImage image = GeometryImagePacker.pack(scene).withEnvironment(EnvironmentMap.of(sky, scene.settings().environment()));
        return r.render(image, TraceParameters.of(scene.camera(), scene.settings(), image), EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
    }

    /** A large floor of diffuse colour {@link #KD} seen from straight above, nothing else: every pixel sees the whole upper sky. */
    public static Scene floorScene(Environment env, int spp) {
        Vec3 none = Vec3.ZERO;
        Material grey = Material.named("grey").ambient(none).diffuse(new Vec3(KD, KD, KD)).specular(none).build();
        float[] p = {-1000, 0, -1000, 1000, 0, -1000, 1000, 0, 1000, -1000, 0, 1000};
        float[] n = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        TriangleMesh floor = new TriangleMesh("floor", p, n, null, new int[]{0, 2, 1, 0, 3, 2}, new int[]{0, 0});
        RenderSettings rs = new RenderSettings(8, 8, spp, 2, 3, Vec3.ZERO, Vec3.ZERO, 1, 0, 0).withEnvironment(env);
        return new Scene("floor", TransformNode.group("root", List.of(new MeshNode("floor", floor))), List.of(grey), List.of(),
                new Camera(new Vec3(0, 1, 0), new Vec3(0, 0, 0), new Vec3(0, 0, -1), 10, 0, 0), rs);
    }
}
