package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.TraversalExperiment;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Traversal variants ({@link TraversalExperiment.Variant}: spheres one ray after the other, two
 * rays together, box nodes in fixed order, box nodes ordered per ray octant) on a generated
 * 100k-triangle mesh and a 4,096-sphere grid, with coherent primary rays and incoherent random
 * rays. GPU only.
 */
public final class TraversalBenchmark {
    private final int width, height, repeats;

    public TraversalBenchmark(int width, int height, int repeats) {
        this.width = width;
        this.height = height;
        this.repeats = repeats;
    }

    public Map<String, Object> run(Renderer renderer) {
        Map<String, Object> r = new LinkedHashMap<>();
        if (!(renderer instanceof GlRenderer gl)) {
            r.put("skipped", "needs the GPU back end");
            return r;
        }
        r.put("renderer", renderer.description());
        r.put("resolution", width + "x" + height);
        for (Map.Entry<String, Scene> e : scenes().entrySet()) {
            Scene s = e.getValue();
            GeometryImage gi = new GeometryImageBuilder().build(s);
            TraceParameters p = TraceParameters.of(s.camera(), s.settings().withSize(width, height), gi);
            for (boolean coherent : new boolean[]{true, false}) {
                TraversalExperiment.Result res = TraversalExperiment.run(gl, gi, p, coherent, repeats);
                String key = e.getKey() + (coherent ? "_coherent" : "_incoherent");
                for (TraversalExperiment.Variant v : TraversalExperiment.Variant.values())
                    r.put(key + "_" + v.key + "_mrays_per_s", res.mraysPerSecond().get(v));
                r.put(key + "_same_hits", res.allSameHits());
            }
        }
        return r;
    }

    private static Map<String, Scene> scenes() {
        Map<String, Scene> m = new LinkedHashMap<>();
        List<Material> mats = List.of(Material.DEFAULT);
        List<Light> lights = List.of(new PointLight(new Vec3(5, 5, 5), Vec3.ONE, 1));
        m.put("mesh100k", new Scene("mesh", TransformNode.group("root", List.of(new MeshNode("m", ProceduralMeshes.bumpySphere(224, 224)))),
                mats, lights, new Camera(new Vec3(0, 0, 2.2f), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), RenderSettings.DEFAULT));
        List<Sphere> spheres = new ArrayList<>();
        for (int i = 0; i < 16; i++) for (int j = 0; j < 16; j++) for (int k = 0; k < 16; k++)
            spheres.add(new Sphere(new Vec3(i - 7.5f, j - 7.5f, k - 7.5f), 0.45f, 0));
        m.put("spheres4096", new Scene("spheres", TransformNode.group("root", List.of(new SphereNode("s", spheres))),
                mats, lights, new Camera(new Vec3(0, 0, 14), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), RenderSettings.DEFAULT));
        return m;
    }
}
