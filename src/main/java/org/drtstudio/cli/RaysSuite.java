package org.drtstudio.cli;

import org.drtstudio.bench.SuiteResults;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.bench.PeerExport;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.cpu.CpuWalk;
import org.drtstudio.render.cpu.PeerRays;
import org.drtstudio.render.cpu.TwinWalk;
import org.drtstudio.render.cpu.WideWalk;
import org.drtstudio.render.embree.EmbreeWalk;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Scene;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code drt bench --suite rays --obj FILE [--cam ...] [--light X Y Z] [--cpu-threads N]}: the
 * peers' rays ({@link PeerRays}: a primary ray through every pixel centre, a shadow ray from every
 * hit to the point light) on the user's scene, traced by the CPU tracer's walk (Embree, or the Java
 * walk for small scenes and where Embree is missing), the Java four-wide walk and the GPU tracer's
 * Java twin. The hit count is embree-oracle's for the same
 * arguments; without {@code --cam} the scene's own camera is used and printed as a {@code --cam}
 * line to hand the peer, without {@code --light} the scene's first light (embree-oracle's own
 * default light for a scene without one).
 */
final class RaysSuite {
    /** Timed passes of each ray type last at least this long in all, as embree-oracle's --min-time default. */
    static final double MIN_SECONDS = 1.0;

    private RaysSuite() {
    }

    static int run(BenchCommand o, RendererFactory renderers, PrintWriter out, PrintWriter err) throws Exception {
        if (o.obj == null) {
            err.println("drt: the rays suite needs --obj FILE (a scene file: .obj, .nff, ...)");
            return 2;
        }
        String backend = o.backend.toLowerCase(Locale.ROOT);
        if (!backend.equals("cpu") && !backend.equals("gpu") && !backend.equals("auto")) {
            err.println("drt: the rays suite runs on --backend cpu (default) or gpu, got '" + o.backend + "'");
            return 2;
        }
        int threads = o.cpuThreads != null ? o.cpuThreads : Runtime.getRuntime().availableProcessors();
        if (threads < 1 || threads > 1024) {
            err.println("drt: --cpu-threads must be 1 to 1024, got " + threads);
            return 2;
        }
        Scene scene;
        try {
            scene = SceneLoader.load(o.obj).scene();
        } catch (SceneFormatException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        PeerRays.Camera camera;
        try {
            camera = camera(o.cam, scene);
        } catch (IllegalArgumentException e) {
            err.println("drt: --cam: " + e.getMessage());
            return 2;
        }
        double[] bounds = SceneBounds.of(scene);
        double diagonal = Math.sqrt(sq(bounds[3] - bounds[0]) + sq(bounds[4] - bounds[1]) + sq(bounds[5] - bounds[2]));
        double[] light = light(o.light, scene, bounds, diagonal);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        GeometryImage image;
        try (org.drtstudio.accel.LinearBvhBuilder linear = o.hierarchyBuild.applyTo(builder, renderers)) {
            image = builder.build(scene);
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        Map<String, Object> build = buildReport(builder.lastTimings(), image);
        err.println("drt: " + o.obj.getFileName() + ": built " + build);
        err.println("drt: " + o.obj.getFileName() + ": " + image.primitiveCount() + " primitives; peer arguments: "
                + PeerExport.cameraArguments(asCamera(camera), camera.width(), camera.height(), null)
                + String.format(Locale.ROOT, " --light %s %s %s", (float) light[0], (float) light[1], (float) light[2]));
        Map<String, Object> results = SuiteResults.header("rays", 1);
        results.put("scene", o.obj.getFileName().toString());
        results.put("primitives", image.primitiveCount());
        results.put("rays", camera.width() + "x" + camera.height() + " pixel centres, one shadow ray a hit");
        results.put("cpu_threads", threads);
        results.put("build", build);
        if (backend.equals("gpu")) {
            try (org.drtstudio.render.Renderer gpu = renderers.create(RendererFactory.Backend.GPU, notice -> err.println("drt: " + notice))) {
                Map<String, Object> m = org.drtstudio.bench.GpuPeerRays.run(gpu, image, scene, camera, light, 1e-4 * diagonal);
                if (m == null) {
                    err.println("drt: the GPU tracer is not available here");
                    return 1;
                }
                results.put("gpu_tracer", m);
            } catch (IllegalStateException e) {
                err.println("drt: " + e.getMessage());
                return 1;
            }
            return o.finish(results, out, err);
        }
        Map<String, CpuWalk> walks = new LinkedHashMap<>();
        try (EmbreeWalk production = new EmbreeWalk()) {
            walks.put("cpu_tracer", production);
            walks.put("java_4wide", WideWalk.INSTANCE);
            walks.put("twin", TwinWalk.INSTANCE);
            for (var e : walks.entrySet()) {
                // --repeats: three timed passes and no minimum time (quick checks); else embree-oracle's second.
                PeerRays.Result r = PeerRays.run(image, camera, light, 1e-4 * diagonal, threads, e.getValue(),
                        o.repeats != null ? 0 : MIN_SECONDS);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("walk", e.getValue().name(image));
                m.put("primary_mrays_per_s", r.primary().mraysPerSecond());
                m.put("shadow_mrays_per_s", r.shadow().mraysPerSecond());
                m.put("hits", r.primary().hits());
                m.put("shadow_rays", r.shadow().rays());
                m.put("occluded", r.shadow().hits());
                results.put(e.getKey(), m);
            }
        }
        return o.finish(results, out, err);
    }

    /** Who built the hierarchy (--build), its phases' milliseconds and the box layout's nodes and height. */
    private static Map<String, Object> buildReport(GeometryImageBuilder.Timings t, GeometryImage image) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("by", t.linearBvh() != null ? t.linearBvh() : "CPU, binned SAH");
        m.put("hierarchy_ms", Math.round(t.hierarchyMillis() * 10) / 10.0);
        m.put("packing_ms", Math.round(t.packMillis() * 10) / 10.0);
        m.put("box_layout_ms", Math.round(t.boxLayoutMillis() * 10) / 10.0);
        m.put("box_nodes", image.boxLayout().nodeCount());
        m.put("box_height", image.boxLayout().height());
        return m;
    }

    /** The peers' camera: --cam's twelve values, or the scene's own camera at its image size. */
    private static PeerRays.Camera camera(List<Double> cam, Scene scene) {
        if (cam == null) {
            Camera c = scene.camera();
            return new PeerRays.Camera(xyz(c.eye()), xyz(c.look()), xyz(c.up()), c.fovY(), scene.settings().width(),
                    scene.settings().height());
        }
        for (double v : cam) if (!Double.isFinite(v)) throw new IllegalArgumentException("the values must be finite numbers");
        double w = cam.get(10), h = cam.get(11);
        if (w != Math.rint(w) || h != Math.rint(h)) throw new IllegalArgumentException("W and H must be whole numbers, got " + w + " " + h);
        return new PeerRays.Camera(new double[]{cam.get(0), cam.get(1), cam.get(2)}, new double[]{cam.get(3), cam.get(4), cam.get(5)},
                new double[]{cam.get(6), cam.get(7), cam.get(8)}, cam.get(9), (int) w, (int) h);
    }

    /** --light, else the scene's first light, else embree-oracle's default: centre + R (1.5, 3, 2), R half the box diagonal. */
    private static double[] light(List<Double> light, Scene scene, double[] b, double diagonal) {
        if (light != null) return light.stream().mapToDouble(Double::doubleValue).toArray();
        if (!scene.lights().isEmpty()) {
            var p = scene.lights().get(0).position();
            return new double[]{p.x(), p.y(), p.z()};
        }
        double r = 0.5 * diagonal;
        return new double[]{0.5 * (b[0] + b[3]) + 1.5 * r, 0.5 * (b[1] + b[4]) + 3 * r, 0.5 * (b[2] + b[5]) + 2 * r};
    }

    private static Camera asCamera(PeerRays.Camera c) {
        return new Camera(vec(c.eye()), vec(c.look()), vec(c.up()), (float) c.fovDegrees(), 0, 0);
    }

    private static org.drtstudio.math.Vec3 vec(double[] v) {
        return new org.drtstudio.math.Vec3((float) v[0], (float) v[1], (float) v[2]);
    }

    private static double[] xyz(org.drtstudio.math.Vec3 v) {
        return new double[]{v.x(), v.y(), v.z()};
    }

    private static double sq(double v) {
        return v * v;
    }
}
