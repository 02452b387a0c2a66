package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.GpuTimer;
import org.drtstudio.render.gl.MultiGpuRenderer;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several GPUs against one ({@code drt bench --suite gpus}): the full suite's all-effects frame
 * (close-up view, lens, spherical lights, glossy materials, Gaussian filter) at each size, rendered
 * end to end by {@link Renderer#render} on one GPU and split across the selected GPUs with each tile
 * size; wall time per frame (median after a warm-up), scaling efficiency = one GPU's time / (GPUs ×
 * their time), the tiles each GPU took, and whether the pictures are the one-GPU picture bit for bit.
 * Two contexts on GPU 0 are checked the same way (the tests' path, on real hardware).
 */
public final class MultiGpuBenchmark {
    /** Wall time of frames rendered before timing, so every GPU has left its idle clock. */
    static final double WARM_UP_MS = 1500;

    private final List<Integer> devices;
    private final List<String> tiles;
    private final List<int[]> sizes;
    private final int spp;
    private final int repeats;
    private final PrintWriter log;

    /**
     * @param gpus the GPUs to split across, resolved against the machine's (its message names what the machine has)
     * @throws IllegalArgumentException when the machine lacks them, or they are fewer than two
     */
    public MultiGpuBenchmark(org.drtstudio.render.GpuSelection gpus, List<String> tiles, List<int[]> sizes, int spp, int repeats, PrintWriter log) {
        this(gpus.resolve(org.drtstudio.render.gl.GlDevices.hardwareCount()), tiles, sizes, spp, repeats, log);
    }

    MultiGpuBenchmark(List<Integer> devices, List<String> tiles, List<int[]> sizes, int spp, int repeats, PrintWriter log) {
        if (devices.size() < 2) {
            throw new IllegalArgumentException("the gpus suite splits frames across at least two GPUs; --gpus gave " + devices
                    + " (--gpus 0,0 opens two contexts on one GPU)");
        }
        if (tiles.isEmpty()) throw new IllegalArgumentException("no tile size to measure");
        for (String t : tiles) MultiGpuRenderer.parseTiling(t);
        this.devices = List.copyOf(devices);
        this.tiles = List.copyOf(tiles);
        this.sizes = List.copyOf(sizes);
        this.spp = spp;
        this.repeats = repeats;
        this.log = log;
    }

    /** @throws RenderException when a GPU cannot be opened or a frame fails (one line: which and why) */
    public Map<String, Object> run(List<SuiteScenes.Loaded> scenes) throws RenderException {
        try {
            return measure(scenes);
        } catch (org.drtstudio.render.gl.GlUnavailableException e) {
            throw new RenderException(e.getMessage(), e);
        }
    }

    private Map<String, Object> measure(List<SuiteScenes.Loaded> scenes) throws RenderException, org.drtstudio.render.gl.GlUnavailableException {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("devices", devices.toString());
        List<GlRenderer> alone = new ArrayList<>(), opened = new ArrayList<>();
        try (GlRenderer one = GlRenderer.start(false, TracerOptions.DEFAULT.nodes(), TracerOptions.DEFAULT.accel(), 0);
             MultiGpuRenderer split = MultiGpuRenderer.start(TracerOptions.DEFAULT, devices);
             MultiGpuRenderer twoContexts = MultiGpuRenderer.start(TracerOptions.DEFAULT, List.of(0, 0))) {
            // A renderer of its own on each GPU of the split, to trace each band while the others are idle.
            for (int d : devices) {
                if (d == 0) {
                    alone.add(one);
                } else {
                    opened.add(GlRenderer.start(false, TracerOptions.DEFAULT.nodes(), TracerOptions.DEFAULT.accel(), d));
                    alone.add(opened.get(opened.size() - 1));
                }
            }
            all.put("gpu", one.description());
            all.put("split", split.description());
            for (SuiteScenes.Loaded loaded : scenes) {
                Scene base = loaded.scene();
                Scene viewed = loaded.closeUp() < 1f ? BenchSetup.closeUp(base, loaded.closeUp()) : base;
                GeometryImage plain = new GeometryImageBuilder().build(viewed);
                Scene effects = BenchSetup.withEffects(viewed, plain.sceneRadius());
                GeometryImage image = new GeometryImageBuilder().build(effects);
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("primitives", image.primitiveCount());
                for (int[] size : sizes) {
                    r.put(size[0] + "x" + size[1], frameSize(one, split, twoContexts, alone, effects, image, size[0], size[1]));
                }
                all.put(loaded.name(), r);
            }
        } finally {
            for (GlRenderer r : opened) r.close();
        }
        return all;
    }

    private Map<String, Object> frameSize(GlRenderer one, MultiGpuRenderer split, MultiGpuRenderer twoContexts, List<GlRenderer> alone,
                                          Scene effects, GeometryImage image, int w, int h) throws RenderException {
        TraceParameters p = TraceParameters.of(effects.camera(), effects.camera(),
                effects.settings().withSize(w, h).withSampling(spp, effects.settings().maxDepth(), 1), image, PixelFilter.GAUSSIAN);
        Map<String, Object> r = new LinkedHashMap<>();
        Timed single = time(one, image, p);
        r.put("one_gpu_ms", single.ms);
        r.put("one_gpu_ms_runs", Arrays.stream(single.runs).boxed().toList());
        r.put("one_gpu_trace_ms", single.traceMs);
        r.put("one_gpu_stages_ms", single.stages);
        log.printf("  %dx%d one GPU: %.1f ms (trace %.1f ms of GPU time)%n", w, h, single.ms, single.traceMs);
        List<Map<String, Object>> rows = new ArrayList<>();
        double best = Double.MAX_VALUE;
        for (String tile : tiles) {
            split.useTiling(tile);
            Timed t = time(split, image, p);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("tile", tile);
            row.put("ms", t.ms);
            row.put("ms_runs", Arrays.stream(t.runs).boxed().toList());
            row.put("speed_up", single.ms / t.ms);
            row.put("efficiency", single.ms / (split.deviceCount() * t.ms));
            row.put("tiles_per_gpu", Arrays.toString(split.lastTileCounts()));
            row.put("gpu_ms_last_frame", Arrays.stream(split.lastDeviceMillis()).boxed().toList());
            row.put("frames", t.splits);
            if (tile.trim().equalsIgnoreCase("b1")) {
                row.put("band_rows", Arrays.stream(split.bandRows()).boxed().toList());
                row.put("bands_alone", bandsAlone(alone, split.bandRows(), image, p));
            }
            // A split picture must be one GPU's bit for bit: a difference is a bug (it once hid as "identical false").
            boolean identical = Arrays.equals(single.frame.srgb(), t.frame.srgb());
            row.put("identical_to_one_gpu", identical);
            rows.add(row);
            best = Math.min(best, t.ms);
            log.printf("  %dx%d %d GPUs, %s: %.1f ms (efficiency %.2f, tiles %s, GPUs done after %s ms, %s)%n", w, h,
                    split.deviceCount(), split.tiling(), t.ms, single.ms / (split.deviceCount() * t.ms), Arrays.toString(split.lastTileCounts()),
                    Arrays.toString(Arrays.stream(split.lastDeviceMillis()).map(Math::round).toArray()),
                    identical ? "picture identical to one GPU's" : "PICTURE DIFFERS FROM ONE GPU'S: a bug to find");
        }
        r.put("split", rows);
        r.put("best_efficiency", single.ms / (split.deviceCount() * best));
        twoContexts.useTiling(tiles.get(0));
        Frame shared = twoContexts.render(image, p, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        r.put("two_contexts_on_gpu0_identical", Arrays.equals(single.frame.srgb(), shared.srgb()));
        return r;
    }

    /**
     * @param splits per timed frame of a split, its band rows (before the frame), each GPU's wall time, trace time and
     *               stages; empty for one GPU
     * @param stages per timed frame of one GPU, its stages ({@link GlRenderer#lastStageReport}); empty for a split
     */
    private record Timed(double ms, double[] runs, Frame frame, double traceMs, List<Map<String, Object>> splits,
                         List<Map<String, Double>> stages) {
    }

    /**
     * Each GPU's band of the balanced split traced by that GPU alone, the others idle: wall and
     * trace time against the split's, to tell a cost that every band pays whatever its size (its
     * fixed cost) from one the GPUs add to each other when they run together.
     */
    private List<Map<String, Object>> bandsAlone(List<GlRenderer> alone, int[] rows, GeometryImage image, TraceParameters p)
            throws RenderException {
        List<Map<String, Object>> bands = new ArrayList<>();
        int y = 0;
        for (int i = 0; i < rows.length; i++) {
            org.drtstudio.render.PixelWindow band = new org.drtstudio.render.PixelWindow(0, y, p.width(), rows[i]);
            y += rows[i];
            GlRenderer gpu = alone.get(i);
            double[] wall = new double[repeats], trace = new double[repeats];
            gpu.renderWindow(image, p, band, EnumSet.noneOf(Aov.class), ProgressListener.NONE); // warm
            for (int k = 0; k < repeats; k++) {
                long t0 = System.nanoTime();
                gpu.renderWindow(image, p, band, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
                wall[k] = (System.nanoTime() - t0) / 1e6;
                trace[k] = gpu.lastTraceGpuMillis();
            }
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("gpu", devices.get(i));
            b.put("rows", rows[i]);
            b.put("alone_ms", GpuTimer.median(wall));
            b.put("alone_trace_ms", GpuTimer.median(trace));
            bands.add(b);
            log.printf("    band %d (%d rows) on GPU %d alone: %.1f ms (trace %.1f ms)%n", i, rows[i], devices.get(i),
                    GpuTimer.median(wall), GpuTimer.median(trace));
        }
        return bands;
    }

    /** Frames until {@link #WARM_UP_MS} of wall time passed, then the median wall time of {@code repeats} frames. */
    private Timed time(Renderer renderer, GeometryImage image, TraceParameters p) throws RenderException {
        long start = System.nanoTime();
        Frame frame;
        do {
            frame = renderer.render(image, p, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
        } while ((System.nanoTime() - start) / 1e6 < WARM_UP_MS);
        double[] runs = new double[repeats], trace = new double[repeats];
        List<Map<String, Object>> splits = new ArrayList<>();
        List<Map<String, Double>> stages = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            int[] rows = renderer instanceof MultiGpuRenderer split ? split.bandRows() : null;
            long t0 = System.nanoTime();
            frame = renderer.render(image, p, EnumSet.noneOf(Aov.class), ProgressListener.NONE);
            runs[i] = (System.nanoTime() - t0) / 1e6;
            trace[i] = renderer instanceof GlRenderer gl ? gl.lastTraceGpuMillis() : Double.NaN;
            if (renderer instanceof GlRenderer gl) stages.add(gl.lastStageReport());
            if (renderer instanceof MultiGpuRenderer split) {
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("band_rows", Arrays.stream(rows).boxed().toList());
                f.put("gpu_ms", Arrays.stream(split.lastDeviceMillis()).boxed().toList());
                f.put("gpu_trace_ms", Arrays.stream(split.lastDeviceTraceMillis()).boxed().toList());
                f.put("gpu_stages_ms", split.lastDeviceStages());
                splits.add(f);
            }
        }
        return new Timed(GpuTimer.median(runs), runs, frame, GpuTimer.median(trace), splits, stages);
    }
}
