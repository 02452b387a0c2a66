package org.drtstudio.render;

import org.drtstudio.io.image.RadianceHdrWriter;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Scenes lit by an environment map alone (no lights, no ambient term): a grey floor, a diffuse
 * ball, a glossy one and a mirror ball, the sky seen above the horizon. For the agreement and
 * noise tests of the environment light.
 */
public final class EnvironmentScenes {
    private EnvironmentScenes() {
    }

    /** The scene at {@code width} × {@code height}, {@code spp} samples, lit by {@code environment}. */
    public static Scene balls(Environment environment, int width, int height, int spp) {
        return balls(environment, width, height, spp, false);
    }

    /**
     * The same with three diffuse balls (red, green, blue), nothing glossy or mirrored: the light that
     * reaches the camera is all the environment's on diffuse surfaces.
     */
    public static Scene matteBalls(Environment environment, int width, int height, int spp) {
        return balls(environment, width, height, spp, true);
    }

    private static Scene balls(Environment environment, int width, int height, int spp, boolean matteOnly) {
        Vec3 none = Vec3.ZERO;
        Material floor = Material.named("floor").ambient(none).diffuse(new Vec3(0.6f, 0.6f, 0.6f)).specular(none).build();
        Material matte = Material.named("matte").ambient(none).diffuse(new Vec3(0.7f, 0.3f, 0.2f))
                .specular(new Vec3(0.2f, 0.2f, 0.2f)).phongExponent(30).build();
        Material glossy = matteOnly ? Material.named("green").ambient(none).diffuse(new Vec3(0.3f, 0.6f, 0.2f)).specular(none).build()
                : Material.named("glossy").ambient(none).diffuse(new Vec3(0.2f, 0.3f, 0.6f)).specular(none)
                .reflectivity(0.4f).roughness(0.3f).build();
        Material mirror = matteOnly ? Material.named("blue").ambient(none).diffuse(new Vec3(0.2f, 0.3f, 0.7f)).specular(none).build()
                : Material.named("mirror").ambient(none).diffuse(new Vec3(0.05f, 0.05f, 0.05f)).specular(none)
                .reflectivity(0.9f).build();
        float[] p = {-6, 0, -6, 6, 0, -6, 6, 0, 6, -6, 0, 6};
        float[] n = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        TriangleMesh ground = new TriangleMesh("ground", p, n, null, new int[]{0, 2, 1, 0, 3, 2}, new int[]{0, 0});
        List<SceneNode> nodes = List.of(new MeshNode("ground", ground), new SphereNode("balls", List.of(
                new Sphere(new Vec3(-1.3f, 0.6f, 0), 0.6f, 1), new Sphere(new Vec3(0, 0.6f, -0.4f), 0.6f, 2),
                new Sphere(new Vec3(1.3f, 0.6f, 0), 0.6f, 3))));
        RenderSettings settings = new RenderSettings(width, height, spp, 4, 7, new Vec3(0.05f, 0.05f, 0.08f), Vec3.ZERO, 1, 0, 0)
                .withEnvironment(environment);
        return new Scene("environment balls", TransformNode.group("root", nodes), List.of(floor, matte, glossy, mirror), List.of(),
                new Camera(new Vec3(0, 1.6f, 5), new Vec3(0, 0.6f, 0), new Vec3(0, 1, 0), 45, 0, 0), settings);
    }

    /** Writes {@code sky} as a Radiance picture to {@code file}; returns the file. */
    public static Path write(TextureImage sky, Path file) throws IOException {
        Files.write(file, RadianceHdrWriter.encode(sky));
        return file;
    }

    /** A sky of one radiance everywhere, {@code width} × width/2 texels. */
    public static TextureImage uniform(int width, float r, float g, float b) {
        float[] rgb = new float[3 * width * (width / 2)];
        for (int i = 0; i < rgb.length; i += 3) {
            rgb[i] = r;
            rgb[i + 1] = g;
            rgb[i + 2] = b;
        }
        return new TextureImage(width, width / 2, rgb);
    }
}
