package org.drtstudio.lab;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.HierarchyQuality;
import org.drtstudio.accel.FlatScene;
import org.drtstudio.accel.ShapeHierarchyBuilder;
import org.drtstudio.accel.SphereHierarchy;
import org.drtstudio.accel.SphereHierarchyBuilder;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hierarchy build speed, tree quality and geometry-image size per triangle, for docs/ACCEL.md.
 * A plain main method (no timed unit test): run it on an otherwise idle machine.
 * <pre>
 * scripts/lab.sh HierarchyBuildBenchmark [DATA_DIR] [REPEATS] [RINGS]
 * </pre>
 * For each mesh (Stanford bunny and dragon from DATA_DIR/obj when present, and a generated bumpy
 * sphere of RINGS rings and segments: 708, the default, makes 1,002,528 triangles) it prints the median of REPEATS shape builds after two seconds of
 * warm-up builds (hierarchy plus packing, what {@link GeometryImageBuilder} does once per mesh), the fastest
 * build, the median CPU time of a build (all Java threads, so the parallel build's too; excludes GC;
 * far less sensitive to other processes than wall-clock time), the
 * triangles per second that gives, the tree's expected cost ({@link HierarchyQuality}) and the
 * geometry image's bytes per triangle.
 */
public final class HierarchyBuildBenchmark {
    private HierarchyBuildBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args.length > 0 ? args[0] : "../shared/data");
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int rings = args.length > 2 ? Integer.parseInt(args[2]) : 708;
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        System.out.printf("%d processors, load average %.2f (other processes slow the wall-clock figures)%n",
                Runtime.getRuntime().availableProcessors(), os.getSystemLoadAverage());
        Map<String, TriangleMesh> meshes = new LinkedHashMap<>();
        load(meshes, "bunny", data.resolve("obj/stanford_bunny/stanford-bunny.obj"));
        load(meshes, "dragon", data.resolve("obj/stanford_dragon_res3/dragon_vrip_res3.obj"));
        meshes.put(rings == 708 ? "sphere1M" : "sphere", ProceduralMeshes.bumpySphere(rings, rings));
        System.out.printf("%-9s %9s %9s %9s %9s %9s %11s %11s %9s  %s%n", "mesh", "tris", "build ms", "min ms", "cpu ms", "Mtris/s", "SAH cost", "steps/ray", "B/tri", "tree");
        for (Map.Entry<String, TriangleMesh> e : meshes.entrySet()) {
            TriangleMesh mesh = e.getValue();
            // Warm up for at least two seconds: the JIT needs that before the figures settle.
            long warm = System.nanoTime();
            for (int w = 0; w < 3 || System.nanoTime() - warm < 2_000_000_000L; w++) ShapeHierarchyBuilder.of(mesh);
            double[] ms = new double[repeats], cpu = new double[repeats];
            for (int r = 0; r < repeats; r++) {
                long c0 = javaThreadsCpuNanos(), t0 = System.nanoTime();
                ShapeHierarchyBuilder.of(mesh);
                ms[r] = (System.nanoTime() - t0) / 1e6;
                cpu[r] = (javaThreadsCpuNanos() - c0) / 1e6;
            }
            Arrays.sort(ms);
            Arrays.sort(cpu);
            double median = ms[repeats / 2];
            GeometryImage gi = new GeometryImageBuilder().build(sceneOf(mesh));
            FlatScene flat = flat(mesh);
            SphereHierarchy tree = SphereHierarchyBuilder.build(flat);
            HierarchyQuality q = HierarchyQuality.of(tree, flat, 20_000, 12345L);
            // A fingerprint of the tree: equal fingerprints before and after a change mean the very same tree.
            int fingerprint = 31 * (31 * Arrays.hashCode(tree.spheres()) + Arrays.hashCode(tree.miss())) + Arrays.hashCode(tree.primOrder());
            System.out.printf("%-9s %9d %9.1f %9.1f %9.1f %9.2f %11.2f %11.2f %9.1f  %08x%n", e.getKey(), mesh.triangleCount(), median, ms[0], cpu[repeats / 2],
                    mesh.triangleCount() / median / 1e3, q.sahCost(), q.stepsPerRay(), (double) gi.dataBytes() / mesh.triangleCount(), fingerprint);
        }
    }

    /**
     * CPU time of all Java threads (the builder's and its pool's; not the JVM's GC and compiler
     * threads), in nanoseconds: counts only time on a core, so other processes inflate it little.
     */
    private static long javaThreadsCpuNanos() {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long id : threads.getAllThreadIds()) sum += Math.max(0, threads.getThreadCpuTime(id));
        return sum;
    }

    /** The mesh's triangles as the builder sees them. */
    private static FlatScene flat(TriangleMesh mesh) {
        return new FlatScene(mesh.positions(), mesh.indices(), mesh.triangleMaterials(), new float[0], new int[0]);
    }

    private static Scene sceneOf(TriangleMesh mesh) {
        return new Scene("bench", TransformNode.group("root", List.of(new MeshNode("m", mesh))), List.of(Material.DEFAULT),
                List.of(new PointLight(new Vec3(5, 5, 5), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0, 3), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), RenderSettings.DEFAULT);
    }

    private static void load(Map<String, TriangleMesh> meshes, String name, Path file) throws Exception {
        if (!Files.exists(file)) {
            System.out.println("(" + name + " skipped: " + file + " not found)");
            return;
        }
        List<TriangleMesh> found = new ArrayList<>();
        collect(SceneLoader.load(file).scene().root(), found);
        meshes.put(name, found.get(0));
    }

    private static void collect(SceneNode node, List<TriangleMesh> out) {
        if (node instanceof MeshNode m) out.add(m.mesh());
        if (node instanceof TransformNode t) for (SceneNode c : t.children()) collect(c, out);
    }
}
