package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.TraceParameters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

/**
 * Rays per second of the GPU tracer's traversal, one ray type at a time ({@code shaders/ray_bench.comp}):
 * primary rays (closest hit), shadow rays from the primary hits toward points on the lights (any
 * hit) and glossy reflection rays from the primary hits (closest hit). Each type is one dispatch
 * over the whole image, timed with a GL timer query after a warm-up run that also counts the rays;
 * the figure is the median of the timed runs. Also times the upload of the geometry image.
 *
 * <p>Mesa's llvmpipe answers {@code GL_TIME_ELAPSED} queries around compute dispatches with 0 (it
 * runs them outside what its queries time), so each run is also timed on the wall clock from the
 * dispatch to the end of a {@code glFinish}; where the queries read 0 that time is used instead.
 */
public final class RayThroughput {
    private RayThroughput() {
    }

    /**
     * One ray type: rays launched per run, how many hit, and the median time of a run: from GL timer
     * queries when {@code timerQuery}, else from the wall clock (dispatch to glFinish).
     */
    public record Measurement(long rays, long hits, double medianMs, boolean timerQuery) {
        public double mraysPerSecond() {
            return rays / medianMs / 1e3;
        }
    }

    /**
     * @param uploadMs median wall time of uploading the whole geometry image (until glFinish returns)
     * @param uploadBytes bytes one upload sends
     */
    /**
     * @param primaryFirstMs the primary rays' first timing, right after the upload; {@code primary} is
     *                       their second, taken after the other two ray types (see {@link #run})
     */
    public record Result(Measurement primary, Measurement shadow, Measurement glossy, double uploadMs, long uploadBytes,
                         double primaryFirstMs) {
    }

    /**
     * @param glossyExponent Phong lobe exponent of the glossy rays (2/roughness² − 2)
     * @param repeats        timed runs per ray type (after one untimed run)
     */
    public static Result run(GlRenderer renderer, GeometryImage image, TraceParameters p, float glossyExponent, int repeats) {
        if (repeats < 1) throw new IllegalArgumentException("repeats must be ≥ 1, got " + repeats);
        return renderer.glThread().call(() -> {
            double[] upload = new double[repeats];
            long bytes = 0;
            for (int r = 0; r < repeats; r++) {
                try (GeometryImageTextures fresh = new GeometryImageTextures(renderer.info(), renderer.nodeKind(), renderer.builtAccel())) {
                    GlSync.finish();
                    long t0 = System.nanoTime();
                    bytes = fresh.update(image);
                    GlSync.finish();
                    upload[r] = (System.nanoTime() - t0) / 1e6;
                }
            }
            try (Texture2D hitPoint = Texture2D.create(TextureFormat.RGBA32F, p.width(), p.height());
                 Texture2D hitNormal = Texture2D.create(TextureFormat.RGBA32F, p.width(), p.height());
                 Texture2D out = Texture2D.create(TextureFormat.R32F, p.width(), p.height());
                 ShaderStorageBuffer counters = ShaderStorageBuffer.create(8);
                 GpuTimer timer = GpuTimer.create()) {
                GeometryImageTextures scene = renderer.sceneTextures(image);
                Measurement[] m = new Measurement[3];
                double primaryFirstMs = 0;
                // Primary rays are timed twice, first and again last: on the H100 their first timing
                // after a large upload read about 4x slow in some runs (bunny_1m: 2.2 ms against 0.5),
                // with the same program and the same 250 ms warm-up, and in others not; the second,
                // after a second of GPU work, never did. Both are reported.
                for (int mode : new int[]{0, 1, 2, 0}) {
                    Map<String, String> defines = renderer.traceDefines(image.textureCount() > 0);
                    defines.put("RAY_MODE", Integer.toString(mode));
                    // One ray type a kernel, many groups an SM: the stack is faster in local memory here
                    // (traverse_box.glsl), as it would be in the passes of a wavefront tracer.
                    if (!GlRenderer.experimentDefines().containsKey("BL_STACK_SHARED")) defines.put("BL_STACK_SHARED", "0");
                    try (ComputeProgram program = ComputeProgram.load("ray_bench.comp", defines)) {
                        GlRenderer.setCommonUniforms(program, image, p);
                        program.setUInt("uSeed", p.seed());
                        program.setFloat("uRayEpsilon", p.rayEpsilon());
                        program.setFloat("uGlossyExponent", glossyExponent);
                        scene.bind();
                        hitPoint.bindImage(0, ImageAccess.READ_WRITE);
                        hitNormal.bindImage(1, ImageAccess.READ_WRITE);
                        out.bindImage(2, ImageAccess.WRITE_ONLY);
                        counters.bindBase(0);
                        if (mode == 0 && m[0] != null) primaryFirstMs = m[0].medianMs();
                        m[mode] = time(program, counters, timer, p, repeats);
                    }
                }
                return new Result(m[0], m[1], m[2], GpuTimer.median(upload), bytes, primaryFirstMs);
            }
        });
    }

    /** One ray type: a counting run (also the warm-up), then the timed runs. */
    private static Measurement time(ComputeProgram program, ShaderStorageBuffer counters, GpuTimer timer, TraceParameters p, int repeats) {
        long[] count = countRays(program, counters, p);
        program.setInt("uCount", 0);
        GpuTimer.Median m = timer.medianDispatch(program, p.width(), p.height(), repeats);
        GlSync.imageBarrier();
        return new Measurement(count[0], count[1], m.millis(), m.timerQuery());
    }

    /** One counting run (also the warm-up): rays launched and hits. */
    private static long[] countRays(ComputeProgram program, ShaderStorageBuffer counters, TraceParameters p) {
        ByteBuffer zero = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
        counters.write(0, zero);
        program.setInt("uCount", 1);
        program.dispatchCovering(p.width(), p.height());
        GlSync.imageBarrier();
        ByteBuffer result = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
        counters.read(0, result);
        return new long[]{Integer.toUnsignedLong(result.getInt(0)), Integer.toUnsignedLong(result.getInt(4))};
    }
}
