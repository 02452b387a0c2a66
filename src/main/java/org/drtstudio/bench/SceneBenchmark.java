package org.drtstudio.bench;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.BoxNodeVariants;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRayThroughput;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.embree.EmbreeWalk;
import org.drtstudio.render.gl.FrameSchedule;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.GpuTimer;
import org.drtstudio.render.gl.RayThroughput;
import org.drtstudio.render.gl.SettledTimings;
import org.drtstudio.render.gl.TraversalExperiment;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Scene;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Measures one scene: hierarchy build and geometry-image size (CPU), upload, primary / shadow /
 * glossy Mrays/s and the full frame with every distributed effect (GPU, when there is one), and the
 * CPU reference tracer on the same rays at a reduced resolution.
 */
final class SceneBenchmark {
    private final SuiteSettings settings;

    SceneBenchmark(SuiteSettings settings) {
        this.settings = settings;
    }

    /** @param gpu the GPU tracer, or null to measure the CPU side only */
    Map<String, Object> run(SuiteScenes.Loaded loaded, GlRenderer gpu) throws Exception {
        Map<String, Object> r = new LinkedHashMap<>();
        Scene base = loaded.scene();
        r.put("source", loaded.source());

        // At most 3 timed builds: a million-triangle build takes seconds, and its spread is small.
        Stopwatch.Stats build = Stopwatch.time(Math.min(3, settings.repeats()), () -> new GeometryImageBuilder().build(base));
        GeometryImageBuilder builder = new GeometryImageBuilder();
        GeometryImage plain = builder.build(base);
        // Only counts that are there: every figure in the JSON is positive, which the CI smoke test checks.
        if (plain.triangleCount() > 0) r.put("triangles", plain.triangleCount());
        if (plain.sphereCount() > 0) r.put("spheres", plain.sphereCount());
        r.put("primitives", plain.primitiveCount());
        r.put("build_ms", build.medianMs());
        r.put("build_mprims_per_s", plain.primitiveCount() / build.medianMs() / 1e3);
        r.put("geometry_image_bytes", plain.dataBytes());
        r.put("bytes_per_primitive", (double) plain.dataBytes() / plain.primitiveCount());
        // The tracers' default walk reads the box layout made with the image: nodes and primitives in leaf order.
        Stopwatch.Stats boxes = Stopwatch.time(Math.min(3, settings.repeats()), () -> BoxLayout.derive(plain));
        BoxLayout layout = BoxLayout.of(plain);
        long boxBytes = layout.nodeBytes() + layout.primitiveBytes();
        r.put("box_layouts_ms", boxes.medianMs());
        r.put("box_layouts_bytes", boxBytes);
        r.put("box_layout_node_bytes", layout.nodeBytes());
        r.put("box_layout_primitive_bytes", layout.primitiveBytes());
        // What the eight octant-ordered layouts (the default walk before BoxLayout) took: 8 layouts of 32 bytes a node.
        r.put("octant_layouts_bytes", 8L * 4 * 4 * BoxNodeVariants.NODE_TEXELS * plain.nodeCount());
        r.put("bytes_per_primitive_with_box_layouts", (double) (plain.dataBytes() + boxBytes) / plain.primitiveCount());

        Scene viewed = loaded.closeUp() < 1f ? BenchSetup.closeUp(base, loaded.closeUp()) : base;
        r.put("view", loaded.closeUp() < 1f ? String.format(Locale.ROOT,
                "close-up: the model's framing camera at %.2f of its distance", loaded.closeUp()) : "the file's camera");
        Scene effects = BenchSetup.withEffects(viewed, plain.sceneRadius());
        GeometryImage image = builder.build(effects); // same shapes: only materials, lights and camera change
        float exponent = BenchSetup.glossyExponent();

        if (gpu != null) {
            TraceParameters rays = TraceParameters.of(effects.camera(), effects.settings().withSize(settings.width(), settings.height()), image);
            RayThroughput.Result t = RayThroughput.run(gpu, image, rays, exponent, settings.repeats());
            r.put("timing", (t.primary().timerQuery() ? "GL timer queries" : "wall clock, dispatch to glFinish (timer queries read 0 here)")
                    + String.format(Locale.ROOT, ", each after at least %.0f ms of back-to-back dispatches, until their times were flat for as long (GPU clock warm-up)",
                    GpuTimer.CLOCK_WARM_UP_MS));
            r.put("clock_warm_up_ms", GpuTimer.CLOCK_WARM_UP_MS);
            r.put("upload_ms", t.uploadMs());
            r.put("upload_ms_runs", runs(t.uploadRuns()));
            if (t.firstUploadMs() > 0) r.put("upload_first_ms", t.firstUploadMs());
            r.put("upload_bytes", t.uploadBytes());
            r.put("primary_hit_fraction", (double) t.primary().hits() / t.primary().rays());
            putRays(r, "primary", t.primary().rays(), t.primary().medianMs(), t.primary().mraysPerSecond());
            r.put("primary_first_ms", t.primaryFirstMs()); // timed again after shadow and glossy: RayThroughput.run says why
            putWarmUp(r, "primary_first", t.primaryFirst());
            putWarmUp(r, "primary", t.primary());
            putRays(r, "shadow", t.shadow().rays(), t.shadow().medianMs(), t.shadow().mraysPerSecond());
            putRays(r, "glossy", t.glossy().rays(), t.glossy().medianMs(), t.glossy().mraysPerSecond());
            // The experiment's eight octant layouts of a scene this large exceed a texture's rows
            // (GL_MAX_TEXTURE_SIZE) and most of the GPU's memory: it measures the smaller scenes.
            if (image.nodeCount() <= VARIANT_NODE_LIMIT) variants(r, gpu, image, rays);
            else r.put("variants_skipped", "more than " + VARIANT_NODE_LIMIT + " nodes: the octant layouts would not fit");
            frame(r, gpu, image, effects);
        }
        if (settings.cpuThreads() > 0) cpu(r, image, effects, exponent);
        return r;
    }

    /** Sphere nodes up to which the traversal experiment runs (8 layouts x 2 texels x 2^21 = 8,192 rows of 4,096). */
    static final int VARIANT_NODE_LIMIT = 1 << 21;

    /**
     * The traversal variants on the same rays (primary rays, and random rays through the scene):
     * sphere nodes, two rays of a pixel together, box nodes in fixed order, box nodes ordered per octant.
     */
    private void variants(Map<String, Object> r, GlRenderer gpu, GeometryImage image, TraceParameters rays) {
        boolean same = true;
        for (boolean coherent : new boolean[]{true, false}) {
            TraversalExperiment.Result v = TraversalExperiment.run(gpu, image, rays, coherent, settings.repeats());
            v.mraysPerSecond().forEach((variant, mrays) ->
                    r.put("variant_" + (coherent ? "coherent_" : "incoherent_") + variant.key + "_mrays_per_s", mrays));
            same &= v.allSameHits();
        }
        r.put("variants_same_hits", same);
    }

    /**
     * How the warm-up before a ray type's timing went (GPU time it kept the device busy, its first
     * and last dispatch) and every timed run: what decides whether a timing was taken at the
     * working clock.
     */
    private static void putWarmUp(Map<String, Object> r, String kind, RayThroughput.Measurement m) {
        r.put(kind + "_ms_runs", runs(m.runs()));
        r.put(kind + "_warm_up", String.format(Locale.ROOT, "%d dispatches in %.1f ms, GPU busy %.1f ms, first %.3f ms, last %.3f ms",
                m.warmUp().dispatches(), m.warmUp().millis(), m.warmUp().busyMillis(),
                m.warmUp().firstDispatchMillis(), m.warmUp().lastDispatchMillis()));
    }

    /** Timings as one string, in the order taken. */
    static String runs(double[] ms) {
        StringBuilder sb = new StringBuilder();
        for (double v : ms) sb.append(sb.length() > 0 ? " " : "").append(String.format(Locale.ROOT, "%.3f", v));
        return sb.toString();
    }

    private static void putRays(Map<String, Object> r, String kind, long rays, double ms, double mrays) {
        r.put(kind + "_rays", rays);
        r.put(kind + "_ms", ms);
        r.put(kind + "_mrays_per_s", mrays);
    }

    /** The full frame through the real renderer: wall time and GPU time of its tracing dispatches. */
    private void frame(Map<String, Object> r, GlRenderer gpu, GeometryImage image, Scene effects) throws RenderException {
        int w = settings.frameWidth(), h = settings.frameHeight();
        TraceParameters p = frameParameters(effects, image, w, h, settings.frameSpp(), effects.settings().maxDepth());
        // Warm-up at a small size: the geometry image is already on the GPU; this settles the programs.
        gpu.render(image, frameParameters(effects, image, 64, 36, 1, effects.settings().maxDepth()),
                EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        // Then full-size frames at 1 spp until the GPU has been busy with them for GpuTimer.CLOCK_WARM_UP_MS,
        // so the frames are timed at the GPU's working clock, not the idle one (docs/BENCHMARKS.md).
        warmUp(gpu, image, frameParameters(effects, image, w, h, 1, effects.settings().maxDepth()));
        FrameTimes times = timeFrames(gpu, image, p);
        // Frames spread as no noise does were timed while the clock rose (GpuTimer.medianDispatch): again, warm now.
        if (times.timed && GpuTimer.spread(times.trace) > GpuTimer.MAX_SPREAD) times = timeFrames(gpu, image, p);
        r.put("frame_resolution", w + "x" + h);
        r.put("frame_spp", settings.frameSpp());
        r.put("frame_timing", (times.timed ? "GL timer queries around the tracing dispatches" : "wall clock of the whole render call")
                + String.format(Locale.ROOT, ", after at least %.0f ms of 1-spp frames, until their times were flat for as long (GPU clock warm-up)",
                GpuTimer.CLOCK_WARM_UP_MS));
        r.put("frame_schedule", gpu.lastFrameSchedule().name().toLowerCase(Locale.ROOT));
        r.put("box_storage", gpu.boxStorage().name().toLowerCase(Locale.ROOT));
        if (gpu.lastFrameSchedule() == FrameSchedule.WAVEFRONT) {
            r.put("frame_wavefront_bytes", gpu.wavefrontWorkingBytes());
            r.put("frame_wavefront_parts", gpu.wavefrontParts());
        }
        r.put("frame_ms", times.ms());
        r.put("frame_ms_runs", runs(times.timed ? times.trace : times.wall));
        r.put("frame_wall_ms", GpuTimer.median(times.wall));
        r.put("frame_ms_scaled", times.ms() * ((double) settings.width() * settings.height()) / ((double) w * h));
        if (times.errors > 0) r.put("frame_overflow_pixels", times.errors);
        // Where the frame's time goes: the same frame with one effect taken away at a time. Only where
        // the timer queries time the dispatches (not llvmpipe, where it would only lengthen CI).
        if (times.timed) frameBreakdown(r, gpu, image, effects, w, h);
    }

    /**
     * The frame kernel traces every ray of a sample in one dispatch, so its passes cannot be timed
     * apart; their costs are the differences between frames that leave one out: the lens (camera rays
     * from a pinhole instead), the secondary rays (depth 1: camera rays and their shadow rays), the
     * shadow rays (depth 1 without lights).
     */
    private void frameBreakdown(Map<String, Object> r, GlRenderer gpu, GeometryImage image, Scene effects, int w, int h)
            throws RenderException {
        int spp = settings.frameSpp(), depth = effects.settings().maxDepth();
        Camera c = effects.camera();
        Scene pinhole = effects.withCamera(new Camera(c.eye(), c.look(), c.up(), c.fovY(), 0, c.focusDistance()));
        r.put("frame_no_lens_ms", timeFrames(gpu, image, frameParameters(pinhole, image, w, h, spp, depth)).ms());
        r.put("frame_depth1_ms", timeFrames(gpu, image, frameParameters(effects, image, w, h, spp, 1)).ms());
        r.put("frame_denoise_wall_ms", denoiseWallMs(gpu, image, frameParameters(effects, image, w, h, spp, depth)));
        GeometryImage dark = new GeometryImageBuilder().build(effects.withLights(List.of()));
        r.put("frame_depth1_no_lights_ms", timeFrames(gpu, dark, frameParameters(effects, dark, w, h, spp, 1)).ms());
        gpu.render(image, frameParameters(effects, image, 64, 36, 1, depth), EnumSet.noneOf(Aov.class), ProgressListener.NONE);
    }

    /**
     * The GPU denoiser on the frame, wall time of the call (the guides and radiance sent, the picture
     * read back), median of three after one untimed: what `drt render --denoise` adds to a frame.
     */
    private double denoiseWallMs(GlRenderer gpu, GeometryImage image, TraceParameters p) throws RenderException {
        DenoiseInput input = DenoiseInput.of(gpu.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE));
        gpu.denoiser().denoise(input);
        double[] ms = new double[3];
        for (int i = 0; i < ms.length; i++) {
            long t0 = System.nanoTime();
            gpu.denoiser().denoise(input);
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        return GpuTimer.median(ms);
    }

    private static TraceParameters frameParameters(Scene s, GeometryImage image, int w, int h, int spp, int depth) {
        return TraceParameters.of(s.camera(), s.camera(), s.settings().withSize(w, h).withSampling(spp, depth, 1), image,
                PixelFilter.GAUSSIAN);
    }

    /**
     * 1-spp frames until their tracing kept the GPU busy for twice the warm-up time (and at least the
     * warm-up time passed) and their tracing times {@linkplain SettledTimings settled} over that time:
     * the clock has risen (GpuTimer.warmUp says why a fixed time is not enough).
     */
    private static void warmUp(GlRenderer gpu, GeometryImage image, TraceParameters warm) throws RenderException {
        long w0 = System.nanoTime();
        double busy = 0, wall;
        boolean timed = false;
        SettledTimings timings = new SettledTimings(GpuTimer.CLOCK_WARM_UP_MS);
        do {
            long f0 = System.nanoTime();
            gpu.render(image, warm, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
            double frameWall = (System.nanoTime() - f0) / 1e6;
            timed |= gpu.lastTraceGpuMillis() > 0.01 * frameWall;
            busy += gpu.lastTraceGpuMillis();
            wall = (System.nanoTime() - w0) / 1e6;
            timings.add(wall, timed ? gpu.lastTraceGpuMillis() : frameWall);
        } while (wall < 20 * GpuTimer.CLOCK_WARM_UP_MS && (wall < GpuTimer.CLOCK_WARM_UP_MS
                || (timed && (busy < 2 * GpuTimer.CLOCK_WARM_UP_MS || !timings.settled()))));
    }

    /** Tracing GPU time (timer queries) and wall time of each timed frame. */
    private record FrameTimes(double[] trace, double[] wall, long errors, boolean timed) {
        double ms() {
            return timed ? GpuTimer.median(trace) : GpuTimer.median(wall);
        }
    }

    private FrameTimes timeFrames(GlRenderer gpu, GeometryImage image, TraceParameters p) throws RenderException {
        double[] wall = new double[settings.frameRepeats()], trace = new double[settings.frameRepeats()];
        long errors = 0;
        for (int i = 0; i < wall.length; i++) {
            long t0 = System.nanoTime();
            Frame f = gpu.render(image, p, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
            wall[i] = (System.nanoTime() - t0) / 1e6;
            trace[i] = gpu.lastTraceGpuMillis();
            errors += f.errors();
        }
        // Timer queries that read (next to) nothing did not time the dispatches: use the wall clock then.
        return new FrameTimes(trace, wall, errors, GpuTimer.median(trace) > 0.01 * GpuTimer.median(wall));
    }

    /** The production CPU tracer: the same three ray types at a reduced size, and a full-effects frame. */
    private void cpu(Map<String, Object> r, GeometryImage image, Scene effects, float exponent) throws RenderException {
        int threads = settings.cpuThreads();
        TraceParameters rays = TraceParameters.of(effects.camera(),
                effects.settings().withSize(settings.cpuRayWidth(), settings.cpuRayHeight()), image);
        try (EmbreeWalk walk = new EmbreeWalk()) {
            cpu(r, image, effects, exponent, threads, rays, walk);
        }
    }

    private void cpu(Map<String, Object> r, GeometryImage image, Scene effects, float exponent, int threads, TraceParameters rays,
                     EmbreeWalk walk) throws RenderException {
        CpuRayThroughput.run(image, rays, exponent, threads, walk); // warm-up: JIT compilation
        int runs = Math.min(3, settings.repeats());
        CpuRayThroughput.Result[] results = new CpuRayThroughput.Result[runs];
        for (int i = 0; i < runs; i++) results[i] = CpuRayThroughput.run(image, rays, exponent, threads, walk);
        r.put("cpu_walk", walk.name(image));
        r.put("cpu_threads", threads);
        r.put("cpu_ray_resolution", rays.width() + "x" + rays.height());
        r.put("cpu_primary_mrays_per_s", median(results, res -> res.primary().mraysPerSecond()));
        r.put("cpu_shadow_mrays_per_s", median(results, res -> res.shadow().mraysPerSecond()));
        r.put("cpu_glossy_mrays_per_s", median(results, res -> res.glossy().mraysPerSecond()));

        int w = settings.cpuFrameWidth(), h = settings.cpuFrameHeight();
        TraceParameters p = TraceParameters.of(effects.camera(), effects.camera(),
                effects.settings().withSize(w, h).withSampling(settings.frameSpp(), effects.settings().maxDepth(), 1),
                image, PixelFilter.GAUSSIAN);
        try (CpuRenderer cpu = CpuRenderer.production(threads, walk)) {
            long t0 = System.nanoTime();
            cpu.render(image, p, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
            double ms = (System.nanoTime() - t0) / 1e6;
            r.put("cpu_frame_resolution", w + "x" + h);
            r.put("cpu_frame_ms", ms);
            // Cost grows with the pixel count at a fixed sample count: scale to the GPU frame's size.
            r.put("cpu_frame_ms_scaled", ms * ((double) settings.width() * settings.height()) / ((double) w * h));
        }
    }

    private static double median(CpuRayThroughput.Result[] results, ToDoubleFunction<CpuRayThroughput.Result> f) {
        return median(Arrays.stream(results).mapToDouble(f).toArray());
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
}
