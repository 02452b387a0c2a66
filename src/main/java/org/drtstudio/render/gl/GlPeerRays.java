package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.PeerRays;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

/**
 * The peers' rays on the GPU tracer ({@code shaders/peer_rays.comp}, {@code drt bench --suite rays
 * --backend gpu}): the primary directions and then the shadow rays of the hits, made on the host as
 * embree-oracle and vk-rt-bench make them ({@link PeerRays}), traced by the tracer's own walk from
 * storage buffers. Each ray type is one dispatch, timed as {@link RayThroughput} times its kernels
 * (warm-up until the clock settles, then the median of GL timer queries, or the wall clock on
 * llvmpipe).
 */
public final class GlPeerRays {
    /** Storage bindings of the rays and the results, after the box layout's 12 and 13. */
    static final int RAYS_BINDING = 14, RESULTS_BINDING = 15;
    /** Width of the invocation grid for rays that are a list rather than an image. */
    private static final int LIST_WIDTH = 4096;

    private GlPeerRays() {
    }

    /**
     * @param p         parameters of the image (its uniforms; the camera is not used: rays come from {@code dirs})
     * @param eye       the primary rays' origin
     * @param dirs      unit primary directions, three floats a pixel
     * @param light     the point light
     * @param epsilon   the shadow rays' tnear
     * @param repeats   timed runs per ray type
     */
    public static PeerRays.Result run(GlRenderer renderer, GeometryImage image, TraceParameters p, float[] eye, float[] dirs,
                                      double[] light, double epsilon, int repeats) {
        return renderer.glThread().call(() -> {
            GeometryImageTextures scene = renderer.sceneTextures(image);
            int pixels = dirs.length / 3;
            float[] t = new float[pixels];
            PeerRays.Measurement primary;
            try (ShaderStorageBuffer rays = ShaderStorageBuffer.create(floats(dirs));
                 ShaderStorageBuffer results = ShaderStorageBuffer.create(4L * pixels)) {
                primary = trace(renderer, image, p, scene, 0, eye, rays, results, pixels, p.width(), repeats, t);
            }
            long hits = 0;
            for (float v : t) if (v != Float.POSITIVE_INFINITY) hits++;
            primary = new PeerRays.Measurement(primary.rays(), hits, primary.medianMs(), primary.passes());
            float[] shadowRays = PeerRays.shadowRays(t, dirs, eye, light, epsilon);
            int n = shadowRays.length / PeerRays.SHADOW_FLOATS;
            if (n == 0) return new PeerRays.Result(primary, new PeerRays.Measurement(0, 0, 0, 0));
            float[] blocked = new float[n];
            PeerRays.Measurement shadow;
            try (ShaderStorageBuffer rays = ShaderStorageBuffer.create(floats(shadowRays));
                 ShaderStorageBuffer results = ShaderStorageBuffer.create(4L * n)) {
                shadow = trace(renderer, image, p, scene, 1, eye, rays, results, n, Math.min(n, LIST_WIDTH), repeats, blocked);
            }
            long occluded = 0;
            for (float v : blocked) if (v != 0f) occluded++;
            return new PeerRays.Result(primary, new PeerRays.Measurement(n, occluded, shadow.medianMs(), shadow.passes()));
        });
    }

    /** One ray type: the program, a warm-up and the timed runs, the results read back into {@code out}. */
    private static PeerRays.Measurement trace(GlRenderer renderer, GeometryImage image, TraceParameters p, GeometryImageTextures scene,
                                              int mode, float[] eye, ShaderStorageBuffer rays, ShaderStorageBuffer results,
                                              int count, int width, int repeats, float[] out) throws RenderException {
        Map<String, String> defines = renderer.traceDefines(image.textureCount() > 0);
        defines.put("PEER_MODE", Integer.toString(mode));
        defines.put("PR_RAYS_BINDING", Integer.toString(RAYS_BINDING));
        defines.put("PR_RESULTS_BINDING", Integer.toString(RESULTS_BINDING));
        defines.put("PR_SHADOW_FLOATS", Integer.toString(PeerRays.SHADOW_FLOATS));
        defines.put("PR_SHADOW_ORIGIN", Integer.toString(PeerRays.SHADOW_ORIGIN));
        defines.put("PR_SHADOW_DIRECTION", Integer.toString(PeerRays.SHADOW_DIRECTION));
        defines.put("PR_SHADOW_LENGTH", Integer.toString(PeerRays.SHADOW_LENGTH));
        // One ray type a kernel: the stack is faster in local memory (as in RayThroughput).
        if (!GlRenderer.experimentDefines().containsKey("BL_STACK_SHARED")) defines.put("BL_STACK_SHARED", "0");
        int height = (count + width - 1) / width;
        try (ComputeProgram program = ComputeProgram.load("peer_rays.comp", defines);
             GpuTimer timer = GpuTimer.create()) {
            GlRenderer.setCommonUniforms(program, image, p);
            program.setVec3("uOrigin", eye[0], eye[1], eye[2]);
            program.setInt("uWidth", width);
            program.setInt("uRayCount", count);
            scene.bind();
            rays.bindBase(RAYS_BINDING);
            results.bindBase(RESULTS_BINDING);
            GpuTimer.Median m = timer.medianDispatch(program, width, height, repeats);
            GlSync.finish();
            results.read(out);
            return new PeerRays.Measurement(count, 0, m.millis(), m.runs().length);
        }
    }

    private static ByteBuffer floats(float[] values) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * values.length).order(ByteOrder.nativeOrder());
        b.asFloatBuffer().put(values);
        return b;
    }
}
