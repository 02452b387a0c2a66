package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxNodeVariants;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.render.TraceParameters;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The experiment that settles why the traversal experiment and the ray kernel disagreed on the same
 * layout (docs/BENCHMARKS.md, "The open measurement question"). It times three kernels on each
 * other's inputs and with three clocks:
 * <ul>
 *   <li>kernels: the ray benchmark's primary rays ({@code ray_bench.comp}, the renderer's defines),
 *   the traversal experiment's ordered-box walk with one pixel-centre ray per thread (the same rays
 *   as the ray kernel) and with its usual two jittered rays per thread;</li>
 *   <li>inputs: the renderer's scene textures (box layouts uploaded by {@link GeometryImageTextures})
 *   or the experiment's own copy of the same layouts in a fresh texture;</li>
 *   <li>clocks: a timer query around one dispatch, the wall clock from that dispatch to the end of a
 *   {@code glFinish}, and a timer query and the wall clock around many back-to-back dispatches.</li>
 * </ul>
 * Each is measured cold (as the suite did: right after compiling and uploading), after an idle pause,
 * and after half a second of back-to-back GPU work; every line carries a wall-clock stamp, so a
 * clock log of the driver ({@code nvidia-smi --query-gpu=timestamp,clocks.sm ... -lms 20}) can be
 * laid beside it. Every line is one measurement: {@code label kernel/input mode ms rays Mrays/s}.
 */
public final class KernelTimingProbe {
    private KernelTimingProbe() {
    }

    private enum Kernel { RAY_KERNEL, WALK_CENTRE, WALK_TWO_JITTERED }

    private enum Input { RENDERER, FRESH }

    public static void run(GlRenderer renderer, GeometryImage image, TraceParameters p, String label, PrintStream out) {
        float[] ordered = BoxNodeVariants.octantOrderedBoxNodes(image);
        renderer.glThread().call(() -> {
            int w = p.width(), h = p.height();
            try (Texture2D hitPoint = Texture2D.create(TextureFormat.RGBA32F, w, h);
                 Texture2D hitNormal = Texture2D.create(TextureFormat.RGBA32F, w, h);
                 Texture2D result = Texture2D.create(TextureFormat.R32F, w, h);
                 Texture2D fresh = dataTexture(ordered);
                 ShaderStorageBuffer counters = ShaderStorageBuffer.create(8);
                 GpuTimer timer = GpuTimer.create()) {
                GeometryImageTextures scene = renderer.sceneTextures(image);
                Map<Kernel, ComputeProgram> programs = new LinkedHashMap<>();
                Map<String, String> rayDefines = renderer.traceDefines(false);
                rayDefines.put("RAY_MODE", "0");
                programs.put(Kernel.RAY_KERNEL, ComputeProgram.load("ray_bench.comp", rayDefines));
                Map<String, String> walk = new LinkedHashMap<>(GeometryImageLayout.glslDefines());
                walk.put("VARIANT", "3");
                programs.put(Kernel.WALK_TWO_JITTERED, ComputeProgram.load("traversal_bench.comp", walk));
                walk.put("CENTRE_RAY", "1");
                programs.put(Kernel.WALK_CENTRE, ComputeProgram.load("traversal_bench.comp", walk));
                try {
                    for (ComputeProgram program : programs.values()) {
                        GlRenderer.setCommonUniforms(program, image, p);
                        program.setUInt("uSeed", 12345);
                        if (program.hasUniform("uCoherent")) program.setInt("uCoherent", 1);
                        if (program.hasUniform("uCount")) program.setInt("uCount", 0);
                        if (program.hasUniform("uRayEpsilon")) program.setFloat("uRayEpsilon", p.rayEpsilon());
                    }
                    Probe probe = new Probe(programs, scene, fresh, hitPoint, hitNormal, result, counters, timer, w, h, label, out);
                    probe.hitCounts();
                    // As the suite ran them: one after the other, right after compiling and uploading.
                    probe.perDispatch("cold", Kernel.RAY_KERNEL, Input.RENDERER);
                    probe.perDispatch("cold", Kernel.WALK_TWO_JITTERED, Input.FRESH);
                    probe.perDispatch("cold", Kernel.WALK_CENTRE, Input.FRESH);
                    Thread.sleep(2000);
                    probe.perDispatch("after-2s-idle", Kernel.RAY_KERNEL, Input.RENDERER);
                    probe.perDispatch("after-2s-idle", Kernel.WALK_CENTRE, Input.FRESH);
                    probe.keepBusy(Kernel.WALK_CENTRE, Input.RENDERER, 600);
                    for (Kernel k : Kernel.values()) for (Input in : Input.values()) probe.perDispatch("warm", k, in);
                    for (Kernel k : Kernel.values()) for (Input in : Input.values()) probe.batch("warm", k, in, 50);
                    for (int i = 0; i < 2; i++) {
                        probe.perDispatch("interleaved", Kernel.RAY_KERNEL, Input.RENDERER);
                        probe.perDispatch("interleaved", Kernel.WALK_CENTRE, Input.FRESH);
                    }
                } finally {
                    for (ComputeProgram program : programs.values()) program.close();
                }
            }
            return null;
        });
    }

    private static final class Probe {
        final Map<Kernel, ComputeProgram> programs;
        final GeometryImageTextures scene;
        final Texture2D fresh, hitPoint, hitNormal, result;
        final ShaderStorageBuffer counters;
        final GpuTimer timer;
        final int w, h;
        final String label;
        final PrintStream out;
        final long[] rays = new long[Kernel.values().length];

        Probe(Map<Kernel, ComputeProgram> programs, GeometryImageTextures scene, Texture2D fresh, Texture2D hitPoint,
              Texture2D hitNormal, Texture2D result, ShaderStorageBuffer counters, GpuTimer timer, int w, int h,
              String label, PrintStream out) {
            this.programs = programs;
            this.scene = scene;
            this.fresh = fresh;
            this.hitPoint = hitPoint;
            this.hitNormal = hitNormal;
            this.result = result;
            this.counters = counters;
            this.timer = timer;
            this.w = w;
            this.h = h;
            this.label = label;
            this.out = out;
        }

        void bind(Input input) {
            scene.bind();
            if (input == Input.FRESH) fresh.bindSampler(GeometryImageTextures.BOX_NODES);
            hitPoint.bindImage(0, ImageAccess.READ_WRITE);
            hitNormal.bindImage(1, ImageAccess.READ_WRITE);
            result.bindImage(2, ImageAccess.WRITE_ONLY);
            counters.bindBase(0);
        }

        /** Rays launched and hit by each kernel: the ray kernel counts them; the walks write hit distances. */
        void hitCounts() {
            ComputeProgram rk = programs.get(Kernel.RAY_KERNEL);
            bind(Input.RENDERER);
            counters.write(0, ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()));
            rk.setInt("uCount", 1);
            rk.dispatchCovering(w, h);
            GlSync.imageBarrier();
            ByteBuffer c = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
            counters.read(0, c);
            rk.setInt("uCount", 0);
            rays[Kernel.RAY_KERNEL.ordinal()] = Integer.toUnsignedLong(c.getInt(0));
            line("hits", Kernel.RAY_KERNEL, Input.RENDERER, String.format(Locale.ROOT, "rays=%d hits=%d (%.1f %%)",
                    c.getInt(0), c.getInt(4), 100.0 * c.getInt(4) / c.getInt(0)));
            for (Kernel k : new Kernel[]{Kernel.WALK_CENTRE, Kernel.WALK_TWO_JITTERED}) {
                rays[k.ordinal()] = (k == Kernel.WALK_CENTRE ? 1L : 2L) * w * h;
                for (Input in : Input.values()) {
                    bind(in);
                    programs.get(k).dispatchCovering(w, h);
                    GlSync.imageBarrier();
                    float[] sums = read(result, w * h);
                    long hit = Arrays.stream(toDoubles(sums)).filter(v -> v > 0).count();
                    line("hits", k, in, String.format(Locale.ROOT, "rays=%d pixels with a hit=%d (%.1f %%) checksum=%.6g",
                            rays[k.ordinal()], hit, 100.0 * hit / (w * h), Arrays.stream(toDoubles(sums)).sum()));
                }
            }
        }

        void perDispatch(String phase, Kernel k, Input in) {
            ComputeProgram program = programs.get(k);
            bind(in);
            int n = 5;
            double[] query = new double[n], wall = new double[n];
            for (int r = 0; r < n; r++) {
                GlSync.finish();
                long t0 = System.nanoTime();
                timer.begin();
                program.dispatchCovering(w, h);
                timer.end();
                GlSync.finish();
                wall[r] = (System.nanoTime() - t0) / 1e6;
                query[r] = timer.elapsedNanos() / 1e6;
            }
            report(phase + " per-dispatch(5) query", k, in, GpuTimer.median(query), query);
            report(phase + " per-dispatch(5) wall", k, in, GpuTimer.median(wall), wall);
        }

        void batch(String phase, Kernel k, Input in, int count) {
            ComputeProgram program = programs.get(k);
            bind(in);
            GlSync.finish();
            long t0 = System.nanoTime();
            timer.begin();
            for (int r = 0; r < count; r++) program.dispatchCovering(w, h);
            timer.end();
            GlSync.finish();
            double wall = (System.nanoTime() - t0) / 1e6 / count;
            double query = timer.elapsedNanos() / 1e6 / count;
            report(phase + " batch(" + count + ") query", k, in, query, null);
            report(phase + " batch(" + count + ") wall", k, in, wall, null);
        }

        /** Back-to-back dispatches for at least {@code millis} of wall time (clocks ramp up under load). */
        void keepBusy(Kernel k, Input in, long millis) {
            ComputeProgram program = programs.get(k);
            bind(in);
            long t0 = System.nanoTime();
            int n = 0;
            while ((System.nanoTime() - t0) / 1e6 < millis) {
                for (int i = 0; i < 10; i++) program.dispatchCovering(w, h);
                GlSync.finish();
                n += 10;
            }
            line("busy", k, in, n + " dispatches in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }

        void report(String mode, Kernel k, Input in, double ms, double[] all) {
            long r = rays[k.ordinal()];
            line(mode, k, in, String.format(Locale.ROOT, "%.4f ms  %,d rays  %.0f Mrays/s%s", ms, r, r / ms / 1e3,
                    all == null ? "" : "  runs " + Arrays.toString(Arrays.stream(all).map(v -> Math.round(v * 1e4) / 1e4).toArray())));
        }

        void line(String mode, Kernel k, Input in, String text) {
            out.printf(Locale.ROOT, "%d %s %s/%s %s: %s%n", System.currentTimeMillis(), label, k, in, mode, text);
            out.flush();
        }
    }

    private static double[] toDoubles(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) d[i] = f[i];
        return d;
    }

    private static Texture2D dataTexture(float[] data) {
        int texels = data.length / 4, width = GeometryImageLayout.TEXTURE_WIDTH;
        int rows = Math.max(1, GeometryImageLayout.rowsFor(texels));
        return Texture2D.create(TextureFormat.RGBA32F, width, rows, Arrays.copyOf(data, rows * width * 4));
    }

    private static float[] read(Texture2D tex, int count) {
        ByteBuffer buf = ByteBuffer.allocateDirect((int) tex.sizeBytes()).order(ByteOrder.nativeOrder());
        try (PixelPackBuffer pbo = PixelPackBuffer.create(tex.sizeBytes())) {
            pbo.read(tex, buf);
        }
        buf.flip();
        float[] values = new float[count];
        buf.asFloatBuffer().get(values);
        return values;
    }
}
