package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.load.SceneLoader;
import org.drtstudio.render.cpu.PeerRays;
import org.drtstudio.scene.Scene;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code drt bench --suite rays}: the peers' rays on the user's scene (PeerRays). PROTOTYPE. */
final class RaysSuite {
    private RaysSuite() {
    }

    static int run(BenchCommand o, PrintWriter out, PrintWriter err) throws Exception {
        if (o.obj == null || o.cam == null || o.cam.size() != 12) {
            err.println("drt: the rays suite needs --obj FILE and --cam EX EY EZ AX AY AZ UX UY UZ FOV W H");
            return 2;
        }
        Scene scene;
        try {
            scene = SceneLoader.load(o.obj).scene();
        } catch (SceneFormatException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        GeometryImage image = new GeometryImageBuilder().build(scene);
        List<Double> c = o.cam;
        PeerRays.Camera camera = new PeerRays.Camera(new double[]{c.get(0), c.get(1), c.get(2)}, new double[]{c.get(3), c.get(4), c.get(5)},
                new double[]{c.get(6), c.get(7), c.get(8)}, c.get(9), (int) Math.round(c.get(10)), (int) Math.round(c.get(11)));
        double[] light = o.light == null ? null : o.light.stream().mapToDouble(Double::doubleValue).toArray();
        double[] bounds = SceneBounds.of(scene);
        double diag = Math.sqrt(sq(bounds[3] - bounds[0]) + sq(bounds[4] - bounds[1]) + sq(bounds[5] - bounds[2]));
        if (light == null) {
            double r = 0.5 * diag;
            light = new double[]{0.5 * (bounds[0] + bounds[3]) + 1.5 * r, 0.5 * (bounds[1] + bounds[4]) + 3 * r, 0.5 * (bounds[2] + bounds[5]) + 2 * r};
        }
        int threads = o.cpuThreads != null ? o.cpuThreads : Runtime.getRuntime().availableProcessors();
        Map<String, Object> results = BenchCommand.header("rays", 1);
        java.util.Map<String, org.drtstudio.render.cpu.CpuWalk> walks = new java.util.LinkedHashMap<>();
        walks.put("embree", new org.drtstudio.render.embree.EmbreeWalk());
        walks.put("wide", org.drtstudio.render.cpu.WideWalk.INSTANCE);
        walks.put("twin", null);
        for (var e : walks.entrySet()) {
            PeerRays.Result r = PeerRays.run(image, camera, light, 1e-4 * diag, threads, e.getValue(), 1.0);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("primary_mrays_per_s", r.primary().mraysPerSecond());
            m.put("shadow_mrays_per_s", r.shadow().mraysPerSecond());
            m.put("hits", r.primary().hits());
            m.put("shadow_rays", r.shadow().rays());
            m.put("occluded", r.shadow().hits());
            results.put(e.getKey(), m);
        }
        BenchCommand.print(results, out, "");
        return o.writeJson(results, err);
    }

    private static double sq(double v) {
        return v * v;
    }
}
