package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.NodeVariantExperiment;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sphere nodes against box nodes in the same next/skip layout and box nodes walked near child first
 * (issue #6, docs/ACCEL.md), on the GL
 * back end, for the bunny (when DATA_DIR has it) and a generated 1M-triangle mesh:
 * <pre>
 * java -cp "target/drt.jar:target/lib/*" org.drtstudio.bench.VariantBenchmark [DATA_DIR] [WIDTH] [HEIGHT] [REPEATS]
 * </pre>
 * Prints Mrays/s of each variant for coherent (primary) and incoherent (random) rays, and how many
 * rays found the same hit as the sphere walk.
 */
public final class VariantBenchmark {
    private VariantBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args.length > 0 ? args[0] : "../shared/data");
        int width = args.length > 1 ? Integer.parseInt(args[1]) : 640;
        int height = args.length > 2 ? Integer.parseInt(args[2]) : 480;
        int repeats = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Map<String, Scene> scenes = new LinkedHashMap<>();
        Path bunny = data.resolve("obj/stanford_bunny/stanford-bunny.obj");
        if (Files.exists(bunny)) scenes.put("bunny", SceneLoader.load(bunny).scene());
        scenes.put("sphere1M", meshScene(ProceduralMeshes.bumpySphere(708, 708)));
        try (GlRenderer gl = GlRenderer.start()) {
            System.out.println(gl.description() + ", " + width + "x" + height + ", median of " + repeats);
            System.out.printf("%-9s %-8s", "scene", "rays");
            for (String v : NodeVariantExperiment.VARIANTS) System.out.printf(" %14s", v + " Mr/s");
            System.out.printf(" %s%n", "same hits as spheres");
            for (Map.Entry<String, Scene> e : scenes.entrySet()) {
                Scene s = e.getValue();
                GeometryImage gi = new GeometryImageBuilder().build(s);
                TraceParameters p = TraceParameters.of(s.camera(), s.settings().withSize(width, height), gi);
                for (boolean coherent : new boolean[]{true, false}) {
                    NodeVariantExperiment.Result r = NodeVariantExperiment.run(gl, gi, p, coherent, repeats);
                    System.out.printf("%-9s %-8s", e.getKey(), coherent ? "primary" : "random");
                    for (double m : r.mraysPerSecond()) System.out.printf(" %14.2f", m);
                    System.out.printf(" %s of %d%n", java.util.Arrays.toString(r.matchingHits()), r.rays());
                }
            }
        }
    }

    private static Scene meshScene(org.drtstudio.scene.TriangleMesh mesh) {
        return new Scene("mesh", TransformNode.group("root", List.of(new MeshNode("m", mesh))), List.of(Material.DEFAULT),
                List.of(new PointLight(new Vec3(5, 5, 5), Vec3.ONE, 1, 0)),
                new Camera(new Vec3(0, 0, 2.6f), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), RenderSettings.DEFAULT);
    }
}
