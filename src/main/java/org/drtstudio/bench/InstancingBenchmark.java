package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.ShapeHierarchyBuilder;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix4f;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The transform-node promise, measured: a grid of instances of one ~100k-triangle mesh
 * (100 × 100,352 = 10M instanced triangles by default). Times the first full build, then moving
 * one node (CPU cost of the next geometry image, and on a GPU the bytes uploaded and the frame).
 */
public final class InstancingBenchmark {
    private final int side, rings;

    /** @param side instances per grid side (side² instances); @param rings mesh resolution (2·rings² triangles) */
    public InstancingBenchmark(int side, int rings) {
        this.side = side;
        this.rings = rings;
    }

    public Map<String, Object> run(Renderer renderer, int frameWidth, int frameHeight) throws Exception {
        Map<String, Object> r = new LinkedHashMap<>();
        TriangleMesh mesh = ProceduralMeshes.bumpySphere(rings, rings);
        r.put("mesh_triangles", mesh.triangleCount());
        r.put("instances", side * side);
        r.put("instanced_triangles", (long) side * side * mesh.triangleCount());

        Stopwatch.Stats shape = Stopwatch.time(3, () -> ShapeHierarchyBuilder.of(mesh));
        r.put("mesh_hierarchy_build_ms", shape.medianMs());
        r.put("mesh_hierarchy_mtris_per_s", mesh.triangleCount() / shape.medianMs() / 1e3);

        Stopwatch.Stats full = Stopwatch.time(3, () -> new GeometryImageBuilder().build(scene(mesh, 0)));
        r.put("full_build_ms", full.medianMs());

        GeometryImageBuilder builder = new GeometryImageBuilder();
        GeometryImage first = builder.build(scene(mesh, 0));
        r.put("geometry_image_bytes", first.dataBytes());
        r.put("top_level_bytes", first.topLevelBytes());
        int[] step = {0};
        // Each run moves node 0 to a new place: a real change every time, nothing cached away.
        Stopwatch.Stats move = Stopwatch.time(200, () -> builder.build(scene(mesh, ++step[0])));
        r.put("move_one_node_cpu_median_ms", move.medianMs());
        r.put("move_one_node_cpu_p95_ms", move.p95Ms());

        if (renderer != null) {
            r.put("renderer", renderer.description());
            Scene s0 = scene(mesh, 0).withSettings(settings(frameWidth, frameHeight));
            GeometryImage g0 = builder.build(s0);
            long t0 = System.nanoTime();
            Frame f0 = renderer.render(g0, TraceParameters.of(s0.camera(), s0.settings(), g0), EnumSet.noneOf(Aov.class), ProgressListener.NONE);
            r.put("first_frame_ms", (System.nanoTime() - t0) / 1e6);
            r.put("first_frame_upload_bytes", f0.uploadedBytes());
            List<Long> uploads = new ArrayList<>();
            Stopwatch.Stats frames = Stopwatch.time(10, () -> {
                Scene s = scene(mesh, ++step[0]).withSettings(settings(frameWidth, frameHeight));
                GeometryImage g = builder.build(s);
                Frame f = renderer.render(g, TraceParameters.of(s.camera(), s.settings(), g), EnumSet.noneOf(Aov.class), ProgressListener.NONE);
                uploads.add(f.uploadedBytes());
            });
            r.put("frame_after_move_median_ms", frames.medianMs());
            r.put("frame_size", frameWidth + "x" + frameHeight);
            r.put("upload_after_move_bytes", uploads.stream().mapToLong(Long::longValue).max().orElse(0));
        }
        return r;
    }

    private static RenderSettings settings(int w, int h) {
        return RenderSettings.DEFAULT.withSize(w, h).withSampling(1, 2, 0);
    }

    /** The grid, with instance 0 moved along a small circle by {@code move} steps. */
    private Scene scene(TriangleMesh mesh, int move) {
        List<SceneNode> nodes = new ArrayList<>(side * side);
        for (int i = 0; i < side * side; i++) {
            float x = 2.5f * (i % side - (side - 1) / 2f), z = -2.5f * (i / side);
            Matrix4f m = new Matrix4f().translate(x, 0, z).rotateY(0.37f * i);
            if (i == 0 && move != 0) m.translateLocal((float) Math.cos(move * 0.1), 0.5f, (float) Math.sin(move * 0.1));
            nodes.add(new TransformNode("instance " + i, m, List.of(new MeshNode("mesh", mesh))));
        }
        float back = 2.5f * side;
        return new Scene("instancing", TransformNode.group("grid", nodes), List.of(Material.DEFAULT),
                List.of(new PointLight(new Vec3(0, back, back), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0.6f * back, 0.8f * back), new Vec3(0, 0, -0.4f * back), new Vec3(0, 1, 0), 45, 0, 0),
                RenderSettings.DEFAULT);
    }
}
