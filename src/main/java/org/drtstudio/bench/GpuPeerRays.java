package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.PeerRays;
import org.drtstudio.render.gl.GlPeerRays;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.scene.Scene;

import java.util.LinkedHashMap;
import java.util.Map;

/** {@code drt bench --suite rays --backend gpu}: the peers' rays on the GPU tracer ({@link GlPeerRays}). */
public final class GpuPeerRays {
    /** Timed runs per ray type, after the warm-up. */
    static final int REPEATS = 7;

    private GpuPeerRays() {
    }

    /** The figures, or null when {@code renderer} is not the GL tracer. */
    public static Map<String, Object> run(Renderer renderer, GeometryImage image, Scene scene, PeerRays.Camera camera, double[] light,
                                          double epsilon) {
        if (!(renderer instanceof GlRenderer gl)) return null;
        TraceParameters p = TraceParameters.of(scene.camera(), scene.settings().withSize(camera.width(), camera.height()), image);
        float[] eye = {(float) camera.eye()[0], (float) camera.eye()[1], (float) camera.eye()[2]};
        PeerRays.Result r = GlPeerRays.run(gl, image, p, eye, PeerRays.primaryDirections(camera), light, epsilon, REPEATS);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("renderer", gl.description());
        m.put("primary_mrays_per_s", r.primary().mraysPerSecond());
        m.put("shadow_mrays_per_s", r.shadow().mraysPerSecond());
        m.put("hits", r.primary().hits());
        m.put("shadow_rays", r.shadow().rays());
        m.put("occluded", r.shadow().hits());
        return m;
    }
}
