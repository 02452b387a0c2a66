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
 * the figure is the median of the timed runs. Also times the upload of the geometry image (sent again
 * into the renderer's textures).
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
    public record Measurement(long rays, long hits, double medianMs, boolean timerQuery, GpuTimer.WarmUp warmUp, double[] runs) {
        public double mraysPerSecond() {
            return rays / medianMs / 1e3;
        }
    }

    /**
     * @param uploadMs       median wall time of uploading the whole geometry image (until glFinish returns)
     * @param uploadRuns     every upload's wall time
     * @param firstUploadMs  wall time of the renderer's first upload of the image (allocating its textures,
     *                       or none when the renderer held the image already)
     * @param uploadBytes    bytes one upload sends
     * @param primaryFirst   the primary rays' first timing, right after the upload; {@code primary} is
     *                       their second, taken after the other two ray types (see {@link #run})
     */
    public record Result(Measurement primary, Measurement shadow, Measurement glossy, double uploadMs, double[] uploadRuns,
                         double firstUploadMs, long uploadBytes, Measurement primaryFirst) {
        public double primaryFirstMs() {
            return primaryFirst.medianMs();
        }
    }

    /**
     * @param glossyExponent Phong lobe exponent of the glossy rays (2/roughness² − 2)
     * @param repeats        timed runs per ray type (after one untimed run)
     */
    public static Result run(GlRenderer renderer, GeometryImage image, TraceParameters p, float glossyExponent, int repeats) {
        if (repeats < 1) throw new IllegalArgumentException("repeats must be ≥ 1, got " + repeats);
        return renderer.glThread().call(() -> {
            // The first upload allocates the renderer's textures for the image; the timed ones send the
            // arrays again into them, as an edit does. (Before 2026-11-25 each timed upload went into a
            // fresh texture set freed after it; that churn was suspected of slowing the next kernel, and
            // the experiment refuted it: the first dispatches were as slow either way, at the idle clock,
            // GpuTimer.warmUp. In place, the timing allocates and frees nothing.)
            GlSync.finish();
            long f0 = System.nanoTime();
            GeometryImageTextures scene = renderer.sceneTextures(image);
            GlSync.finish();
            double firstUploadMs = (System.nanoTime() - f0) / 1e6;
            double[] upload = new double[repeats];
            long bytes = 0;
            for (int r = 0; r < repeats; r++) {
                GlSync.finish();
                long t0 = System.nanoTime();
                bytes = scene.rewrite(image);
                GlSync.finish();
                upload[r] = (System.nanoTime() - t0) / 1e6;
            }
            try (Texture2D hitPoint = Texture2D.create(TextureFormat.RGBA32F, p.width(), p.height());
                 Texture2D hitNormal = Texture2D.create(TextureFormat.RGBA32F, p.width(), p.height());
                 Texture2D out = Texture2D.create(TextureFormat.R32F, p.width(), p.height());
                 ShaderStorageBuffer counters = ShaderStorageBuffer.create(8);
                 GpuTimer timer = GpuTimer.create()) {
                Measurement[] m = new Measurement[3];
                Measurement primaryFirst = null;
                // Primary rays are timed twice, first and again last, and both are reported: a first
                // timing slower than the second means the warm-up ended before the GPU's clock rose
                // (bunny_1m once read 2.2 ms against 0.5; GpuTimer.warmUp now waits for the clock).
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
                        hitPoint.bindImage(ShaderBinding.BENCH_HIT_POINT, ImageAccess.READ_WRITE);
                        hitNormal.bindImage(ShaderBinding.BENCH_HIT_NORMAL, ImageAccess.READ_WRITE);
                        out.bindImage(ShaderBinding.BENCH_OUT, ImageAccess.WRITE_ONLY);
                        counters.bindBase(ShaderBinding.BENCH_COUNTERS);
                        if (mode == 0 && m[0] != null) primaryFirst = m[0];
                        m[mode] = time(program, counters, timer, p, repeats);
                    }
                }
                return new Result(m[0], m[1], m[2], GpuTimer.median(upload), upload, firstUploadMs, bytes, primaryFirst);
            }
        });
    }

    /** One ray type: a counting run (also the warm-up), then the timed runs. */
    private static Measurement time(ComputeProgram program, ShaderStorageBuffer counters, GpuTimer timer, TraceParameters p, int repeats) {
        long[] count = countRays(program, counters, p);
        program.setInt("uCount", 0);
        GpuTimer.Median m = timer.medianDispatch(program, p.width(), p.height(), repeats);
        GlSync.imageBarrier();
        return new Measurement(count[0], count[1], m.millis(), m.timerQuery(), m.warmUp(), m.runs());
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
