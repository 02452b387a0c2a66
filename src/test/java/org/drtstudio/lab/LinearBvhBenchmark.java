package org.drtstudio.lab;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.LinearBvhBuilder;
import org.drtstudio.accel.LinearBvhTwin;
import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.gl.GlLinearBvhBuilder;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GPU's linear BVH against the binned SAH build: build time and tree quality, per mesh.
 * A plain main method (no timed unit test): run it on an otherwise idle machine.
 * <pre>
 * scripts/lab.sh LinearBvhBenchmark [OBJ_FILE ...] [--rings R,R] [--repeats N] [--no-gpu]
 * </pre>
 * Meshes: each OBJ file given, and bumpy spheres of R rings and segments (2R² triangles; default
 * 224 and 708: 100k and 1M). Per mesh and builder (binned: the CPU's binned SAH; gpu: the GPU's
 * linear BVH; twin: its Java twin), the median of N builds after one warm-up: the shape's
 * hierarchy (for gpu, with its kernels and read-back apart) and the box layout, then the box
 * layout's inner nodes, height and surface-area cost (expected box tests of a random line through
 * the root box: two per inner node reached, one per primitive of a leaf reached, each weighted by
 * its box's area over the root's).
 */
public final class LinearBvhBenchmark {
    private LinearBvhBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, TriangleMesh> meshes = new LinkedHashMap<>();
        int repeats = 3;
        int[] rings = {224, 708};
        boolean withGpu = true;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--repeats")) repeats = Integer.parseInt(args[++i]);
            else if (args[i].equals("--no-gpu")) withGpu = false;
            else if (args[i].equals("--rings")) rings = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
            else meshes.put(Path.of(args[i]).getFileName().toString(), firstMesh(Path.of(args[i])));
        }
        for (int r : rings) meshes.put("sphere" + r, ProceduralMeshes.bumpySphere(r, r));
        System.out.printf("%d processors, load average %.2f%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.printf("%-16s %10s %-7s %10s %10s %10s %10s %9s %7s %9s%n", "mesh", "triangles", "build", "hier. ms", "kernels", "read ms",
                "layout ms", "nodes", "height", "SAH cost");
        try (GlLinearBvhBuilder gpu = withGpu ? GlLinearBvhBuilder.start() : null) {
            if (gpu != null) System.out.println("GPU: " + gpu.describe());
            for (Map.Entry<String, TriangleMesh> e : meshes.entrySet()) {
                row(e.getKey(), e.getValue(), "binned", null, repeats);
                if (gpu != null) row(e.getKey(), e.getValue(), "gpu", gpu, repeats);
                row(e.getKey(), e.getValue(), "twin", new LinearBvhTwin(), repeats);
            }
        }
    }

    private static void row(String name, TriangleMesh mesh, String label, LinearBvhBuilder linear, int repeats) {
        double[] hierarchy = new double[repeats], layout = new double[repeats], kernels = new double[repeats], read = new double[repeats];
        GeometryImage gi = null;
        for (int r = -1; r < repeats; r++) {
            GeometryImageBuilder b = new GeometryImageBuilder();
            if (linear != null) b.useLinearBvh(linear, 1);
            gi = b.build(sceneOf(mesh));
            if (r < 0) continue; // warm-up
            hierarchy[r] = b.lastTimings().hierarchyMillis();
            layout[r] = b.lastTimings().boxLayoutMillis();
            if (linear instanceof GlLinearBvhBuilder g) {
                kernels[r] = g.lastGpuMillis();
                read[r] = g.lastReadMillis();
            }
        }
        BoxLayout l = gi.boxLayout();
        System.out.printf(java.util.Locale.ROOT, "%-16s %10d %-7s %10.1f %10s %10s %10.1f %9d %7d %9.1f%n", name, mesh.triangleCount(), label,
                median(hierarchy), linear instanceof GlLinearBvhBuilder ? String.format(java.util.Locale.ROOT, "%.1f", median(kernels)) : "-",
                linear instanceof GlLinearBvhBuilder ? String.format(java.util.Locale.ROOT, "%.1f", median(read)) : "-",
                median(layout), l.nodeCount(), l.height(), sahCost(l));
    }

    /** Expected box tests of a random line through the root box (see the class comment). */
    static double sahCost(BoxLayout l) {
        float[] n = l.nodes();
        int root = l.rootLinks()[0];
        double[] rootBox = union(n, root);
        double rootArea = area(rootBox);
        double cost = 0;
        int[] stack = new int[64];
        double[] weight = new double[64];
        int sp = 0;
        stack[sp] = root;
        weight[sp++] = 1;
        while (sp > 0) {
            int node = stack[--sp];
            double p = weight[sp];
            cost += 2 * p;
            for (int side = 0; side < 2; side++) {
                int o = 4 * BoxLayout.NODE_TEXELS * node + (side == 0 ? BoxLayout.BoxNodeField.A_LO : BoxLayout.BoxNodeField.B_LO);
                int h = 4 * BoxLayout.NODE_TEXELS * node + (side == 0 ? BoxLayout.BoxNodeField.A_HI : BoxLayout.BoxNodeField.B_HI);
                double a = area(new double[]{n[o], n[o + 1], n[o + 2], n[h], n[h + 1], n[h + 2]}) / rootArea;
                int link = Float.floatToRawIntBits(n[4 * BoxLayout.NODE_TEXELS * node + (side == 0 ? BoxLayout.BoxNodeField.LINK_A : BoxLayout.BoxNodeField.LINK_B)]);
                if (link < 0) {
                    cost += a * (~link & BoxLayout.LEAF_COUNT_MASK);
                } else {
                    stack[sp] = link;
                    weight[sp++] = a;
                }
            }
        }
        return cost;
    }

    private static double[] union(float[] n, int node) {
        int o = 4 * BoxLayout.NODE_TEXELS * node;
        double[] box = new double[6];
        for (int k = 0; k < 3; k++) {
            box[k] = Math.min(n[o + BoxLayout.BoxNodeField.A_LO + k], n[o + BoxLayout.BoxNodeField.B_LO + k]);
            box[3 + k] = Math.max(n[o + BoxLayout.BoxNodeField.A_HI + k], n[o + BoxLayout.BoxNodeField.B_HI + k]);
        }
        return box;
    }

    private static double area(double[] b) {
        double x = b[3] - b[0], y = b[4] - b[1], z = b[5] - b[2];
        return x >= 0 && y >= 0 && z >= 0 ? x * y + y * z + z * x : 0;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static Scene sceneOf(TriangleMesh mesh) {
        return new Scene("bench", TransformNode.group("root", List.of(new MeshNode("m", mesh))), List.of(Material.DEFAULT),
                List.of(new PointLight(new Vec3(5, 5, 5), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0, 3), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), RenderSettings.DEFAULT);
    }

    private static TriangleMesh firstMesh(Path file) throws Exception {
        if (!Files.exists(file)) throw new IllegalArgumentException(file + " not found");
        return first(SceneLoader.load(file).scene().root());
    }

    private static TriangleMesh first(SceneNode node) {
        if (node instanceof MeshNode m) return m.mesh();
        if (node instanceof TransformNode t) for (SceneNode c : t.children()) {
            TriangleMesh m = first(c);
            if (m != null) return m;
        }
        return null;
    }
}
