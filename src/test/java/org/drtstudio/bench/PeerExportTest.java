package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.CameraBasis;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The peer export writes the benchmark's own triangles (count, world-space positions) and camera
 * arguments that the peers' parsers read back as the same rays.
 */
class PeerExportTest {
    @TempDir
    Path dir;

    @Test
    void objHoldsTheScenesTrianglesInWorldSpace() throws Exception {
        Scene quick = SuiteScenes.load(true, dir, List.of("displaced_80k")).scenes().get(0).scene();
        // Place the scene under a transform, as instanced models are, so world space differs from object space.
        Matrix4f placed = new Matrix4f().translate(1, 2, 3).scale(2);
        Scene moved = new Scene(quick.name(), new TransformNode("moved", placed, List.of(quick.root())),
                quick.materials(), quick.lights(), quick.camera(), quick.settings());
        GeometryImage image = new GeometryImageBuilder().build(moved);

        PeerExport.Written w = PeerExport.write("displaced", moved, 320, 180, dir);

        assertEquals(image.triangleCount(), w.triangles());
        Scene back = SceneLoader.load(w.obj()).scene();
        List<TriangleMesh> meshes = new ArrayList<>();
        collect(back.root(), meshes);
        assertEquals(image.triangleCount(), meshes.stream().mapToLong(TriangleMesh::triangleCount).sum(), "triangles read back");
        // Every source vertex appears transformed in the file (the reader may reorder vertices).
        java.util.Set<List<Float>> readBack = new java.util.HashSet<>();
        for (TriangleMesh m : meshes) {
            float[] p = m.positions();
            for (int i = 0; i < p.length; i += 3) readBack.add(List.of(p[i], p[i + 1], p[i + 2]));
        }
        TriangleMesh first = firstMesh(quick.root());
        for (int i = 0; i < first.vertexCount(); i += 97) {
            org.joml.Vector3f v = placed.transformPosition(first.positions()[3 * i], first.positions()[3 * i + 1],
                    first.positions()[3 * i + 2], new org.joml.Vector3f());
            assertTrue(readBack.contains(List.of(v.x, v.y, v.z)), "vertex " + i + " at " + v + " is in the file");
            float[] src = Arrays.copyOfRange(first.positions(), 3 * i, 3 * i + 3);
            if (v.x != src[0]) assertFalse(readBack.contains(List.of(src[0], src[1], src[2])), "object-space vertex " + i);
        }
    }

    @Test
    void spheresAreCountedAsLeftOut() throws Exception {
        Scene s = TestScenes.scene(List.of(new SphereNode("s", List.of(new Sphere(Vec3.ZERO, 1, 0), new Sphere(Vec3.ONE, 1, 0))),
                        new MeshNode("floor", TestScenes.floor(-1, 5, 0))),
                List.of(Material.DEFAULT), List.of(new PointLight(new Vec3(0, 5, 0), Vec3.ONE, 1)), Camera.DEFAULT);
        PeerExport.Written w = PeerExport.write("mixed", s, 64, 36, dir);
        assertEquals(2, w.spheresLeftOut());
        assertEquals(2, w.triangles());
    }

    @Test
    void cameraLineParsesToTheSameRaysAsTheBenchmarks() throws Exception {
        Camera c = new Camera(new Vec3(0.123456789f, -2.5e-3f, 7.1f), new Vec3(0.3f, 0.1f, -0.2f), new Vec3(0.05f, 1, 0), 38.7f, 0.01f, 2);
        Light light = new SphereLight(new Vec3(4.25f, 9.5f, -1.125f), Vec3.ONE, 1, 0.3f);
        Scene s = new Scene("cam", TransformNode.group("root", List.<SceneNode>of(new MeshNode("f", TestScenes.floor(0, 1, 0)))),
                List.of(Material.DEFAULT), List.of(light), c, RenderSettings.DEFAULT);
        int width = 1920, height = 1080;
        PeerExport.Written w = PeerExport.write("cam", s, width, height, dir);
        List<String> lines = Files.readAllLines(w.cam());
        assertEquals(1, lines.size());

        // Parse as the peers do (strtod / atoi after --cam and --light).
        String[] t = lines.get(0).trim().split("\\s+");
        int cam = Arrays.asList(t).indexOf("--cam"), lit = Arrays.asList(t).indexOf("--light");
        assertTrue(cam >= 0 && lit == cam + 13 && t.length == lit + 4, lines.get(0));
        double[] v = new double[10];
        for (int i = 0; i < 10; i++) v[i] = Double.parseDouble(t[cam + 1 + i]);
        int pw = Integer.parseInt(t[cam + 11]), ph = Integer.parseInt(t[cam + 12]);
        assertEquals(width, pw);
        assertEquals(height, ph);
        assertEquals(light.position(), new Vec3((float) Double.parseDouble(t[lit + 1]), (float) Double.parseDouble(t[lit + 2]),
                (float) Double.parseDouble(t[lit + 3])));

        // embree-oracle's camera (its README), in double, against the benchmark's pinhole rays.
        double[] eye = {v[0], v[1], v[2]}, at = {v[3], v[4], v[5]}, up = {v[6], v[7], v[8]};
        double[] f = normalize(sub(at, eye)), r = normalize(cross(f, up)), u = cross(r, f);
        double th = Math.tan(Math.toRadians(v[9]) / 2), aspect = (double) pw / ph;
        CameraBasis b = CameraBasis.of(c, width, height);
        for (int[] px : new int[][]{{0, 0}, {pw - 1, ph - 1}, {pw / 2, ph / 3}, {17, ph - 5}}) {
            double sx = (2 * (px[0] + 0.5) / pw - 1) * th * aspect, sy = (1 - 2 * (px[1] + 0.5) / ph) * th;
            double[] peer = normalize(new double[]{f[0] + sx * r[0] + sy * u[0], f[1] + sx * r[1] + sy * u[1], f[2] + sx * r[2] + sy * u[2]});
            double nx = 2 * (px[0] + 0.5) / width - 1, ny = 1 - 2 * (px[1] + 0.5) / height;
            double[] ours = normalize(new double[]{b.forward()[0] + nx * b.right()[0] + ny * b.up()[0],
                    b.forward()[1] + nx * b.right()[1] + ny * b.up()[1], b.forward()[2] + nx * b.right()[2] + ny * b.up()[2]});
            for (int k = 0; k < 3; k++) assertEquals(peer[k], ours[k], 1e-6, "pixel " + Arrays.toString(px) + " axis " + k);
        }
        for (int k = 0; k < 3; k++) assertEquals(b.eye()[k], (float) eye[k], "eye");
    }

    private static void collect(SceneNode n, List<TriangleMesh> out) {
        if (n instanceof MeshNode m) out.add(m.mesh());
        if (n instanceof TransformNode t) t.children().forEach(c -> collect(c, out));
    }

    private static TriangleMesh firstMesh(SceneNode n) {
        List<TriangleMesh> all = new ArrayList<>();
        collect(n, all);
        return all.get(0);
    }

    private static double[] sub(double[] a, double[] b) { return new double[]{a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }

    private static double[] cross(double[] a, double[] b) {
        return new double[]{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double[] normalize(double[] a) {
        double l = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        return new double[]{a[0] / l, a[1] / l, a[2] / l};
    }
}
