package org.drtstudio.testing;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Small procedural scenes for tests, built in code so no file format is involved. */
public final class TestScenes {
    private TestScenes() {
    }

    /** Seeded random soup of triangles and spheres inside the cube [-1, 1]³. */
    public static Scene randomSoup(long seed, int triangles, int spheres) {
        Random rnd = new Random(seed);
        float[] pos = new float[9 * triangles];
        int[] idx = new int[3 * triangles];
        for (int t = 0; t < triangles; t++) {
            float cx = rnd.nextFloat() * 2 - 1, cy = rnd.nextFloat() * 2 - 1, cz = rnd.nextFloat() * 2 - 1;
            for (int v = 0; v < 3; v++) {
                pos[9 * t + 3 * v] = cx + (rnd.nextFloat() - 0.5f) * 0.2f;
                pos[9 * t + 3 * v + 1] = cy + (rnd.nextFloat() - 0.5f) * 0.2f;
                pos[9 * t + 3 * v + 2] = cz + (rnd.nextFloat() - 0.5f) * 0.2f;
                idx[3 * t + v] = 3 * t + v;
            }
        }
        List<Sphere> sph = new ArrayList<>();
        for (int s = 0; s < spheres; s++) {
            sph.add(new Sphere(new Vec3(rnd.nextFloat() * 2 - 1, rnd.nextFloat() * 2 - 1, rnd.nextFloat() * 2 - 1),
                    0.01f + rnd.nextFloat() * 0.1f, 0));
        }
        List<SceneNode> children = new ArrayList<>();
        if (triangles > 0) children.add(new MeshNode("soup", flatMesh("soup", pos, idx)));
        if (spheres > 0) children.add(new SphereNode("spheres", sph));
        return scene(children, List.of(Material.DEFAULT), List.of(new PointLight(new Vec3(0, 5, 5), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0, 4), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0));
    }

    public static Scene scene(List<SceneNode> children, List<Material> materials, List<Light> lights, Camera camera) {
        return new Scene("test", TransformNode.group("root", children), materials, lights, camera,
                RenderSettings.DEFAULT.withSize(64, 48));
    }

    /** A mesh whose vertex normals are the face normals (vertices not shared between triangles). */
    public static TriangleMesh flatMesh(String name, float[] positions, int[] indices) {
        float[] normals = new float[positions.length];
        for (int t = 0; t < indices.length / 3; t++) {
            int a = indices[3 * t], b = indices[3 * t + 1], c = indices[3 * t + 2];
            Vec3 pa = at(positions, a), pb = at(positions, b), pc = at(positions, c);
            Vec3 n = pb.minus(pa).cross(pc.minus(pa)).normalized();
            for (int v : new int[]{a, b, c}) {
                normals[3 * v] = n.x();
                normals[3 * v + 1] = n.y();
                normals[3 * v + 2] = n.z();
            }
        }
        return new TriangleMesh(name, positions, normals, null, indices, new int[indices.length / 3]);
    }

    /** Axis-aligned quad (two triangles) at height y spanning [-half, half] in x and z, facing +y. */
    public static TriangleMesh floor(float y, float half, int material) {
        float[] p = {-half, y, -half, -half, y, half, half, y, half, half, y, -half};
        float[] n = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        return new TriangleMesh("floor", p, n, null, new int[]{0, 1, 2, 0, 2, 3}, new int[]{material, material});
    }

    private static Vec3 at(float[] p, int i) {
        return new Vec3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    }

    /**
     * Writes {@code penumbra.nff} into {@code dir}: a ball over a floor under a large spherical light
     * (when rendered with a light radius) — black sky, a lit floor and a wide, noisy penumbra, what the
     * noise options of {@code drt render} are tried on.
     */
    public static java.nio.file.Path writePenumbraNff(java.nio.file.Path dir, int width, int height) throws java.io.IOException {
        java.nio.file.Path f = dir.resolve("penumbra.nff");
        java.nio.file.Files.writeString(f, """
                b 0 0 0
                v
                from 0 6 9
                at 0 0 0
                up 0 1 0
                angle 35
                hither 1
                resolution %d %d
                l 2 8 2
                f 0.8 0.8 0.8 1 0 0 0 1
                p 4
                -6 0 -6
                -6 0 6
                6 0 6
                6 0 -6
                f 0.9 0.3 0.2 1 0 0 0 1
                s 0 1.2 0 1
                """.formatted(width, height));
        return f;
    }

    /** Every mesh leaf under {@code node}, depth first. */
    public static List<org.drtstudio.scene.MeshNode> meshes(SceneNode node) {
        List<org.drtstudio.scene.MeshNode> out = new java.util.ArrayList<>();
        if (node instanceof org.drtstudio.scene.MeshNode m) out.add(m);
        if (node instanceof org.drtstudio.scene.TransformNode t) for (SceneNode c : t.children()) out.addAll(meshes(c));
        return out;
    }
}
