package org.drtstudio.bench;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.accel.grid.GridResolution;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRayThroughput;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.RayThroughput;
import org.drtstudio.scene.Scene;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code drt bench --suite accel}: per scene and {@link AccelStructure}, the build time and bytes of
 * the structure, and primary and shadow rays per second on the GPU (the ray benchmark's kernel, one
 * GL tracer per structure) and on the CPU tracer; then the 2005 paper's grid-resolution sweep, the
 * same figures for the grid at several densities (cells per primitive).
 *
 * <p>What "build" and "bytes" cover: for the BVH, the sphere hierarchy and box layout made while
 * packing the geometry image (the whole pack, flattening included) and the box layout's nodes; for the
 * grid and the octree, the structure made from the packed image and its word stream. All three read
 * the same primitive copy (the box layout's, 48 bytes a primitive), counted in none of them.
 */
public final class AccelBenchmark {
    /** Grid densities (cells per primitive) of the sweep. */
    public static final double[] SWEEP_DENSITIES = {0.5, 1, 2, 4, 8, 16};

    private final SuiteSettings settings;
    private final double[] densities;

    /** @param densities the sweep's grid densities (cells per primitive), each checked by {@link GridResolution} */
    public AccelBenchmark(SuiteSettings settings, double[] densities) {
        this.settings = settings;
        this.densities = densities.clone();
        for (double d : densities) GridResolution.density(d);
    }

    /**
     * The accel suite's results: the header, the grids' insertion rule and the figures of
     * {@link #run}, the grids built with {@code insertion} for the run (the setting before is restored).
     *
     * @param gpuFactory a tracer walking a structure (null: CPU figures only); what it makes is closed here
     */
    public static Map<String, Object> suite(String name, int version, SuiteSettings settings, double[] densities, GridInsertion insertion,
                                            List<SuiteScenes.Loaded> scenes, Function<AccelStructure, Renderer> gpuFactory)
            throws Exception {
        Map<String, Object> results = SuiteResults.header(name, version);
        results.put("grid_insertion", insertion.cliName());
        SpatialLayouts.Settings before = SpatialLayouts.settings();
        SpatialLayouts.setSettings(before.withGridInsertion(insertion));
        try (GpuTracers gpus = new GpuTracers(accel -> gpuFactory == null ? null : gpuFactory.apply(accel))) {
            results.put("accel", new AccelBenchmark(settings, densities).run(scenes, gpuFactory == null ? null : gpus));
        } finally {
            SpatialLayouts.setSettings(before);
        }
        return results;
    }

    /**
     * @param gpuTracers the GPU tracer walking a structure, made on first use and kept for every scene
     *                   (null: CPU figures only); the caller closes what it made
     */
    public Map<String, Object> run(List<SuiteScenes.Loaded> scenes, Function<AccelStructure, GlRenderer> gpuTracers) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        GlRenderer first = gpuTracers == null ? null : gpuTracers.apply(AccelStructure.BVH);
        if (first != null) out.put("gpu", first.info().renderer());
        out.put("resolution", settings.width() + "x" + settings.height());
        out.put("cpu_resolution", settings.cpuRayWidth() + "x" + settings.cpuRayHeight());
        out.put("default_grid_density", GridResolution.DEFAULT_DENSITY);
        Map<String, Object> perScene = new LinkedHashMap<>();
        Map<String, Object> sweep = new LinkedHashMap<>();
        SpatialLayouts.Settings before = SpatialLayouts.settings();
        try {
            for (SuiteScenes.Loaded loaded : scenes) {
                Scene base = loaded.scene();
                Stopwatch.Stats pack = Stopwatch.time(Math.min(3, settings.repeats()), () -> new GeometryImageBuilder().build(base));
                GeometryImage plain = new GeometryImageBuilder().build(base);
                Scene viewed = loaded.closeUp() < 1f ? BenchSetup.closeUp(base, loaded.closeUp()) : base;
                Scene effects = BenchSetup.withEffects(viewed, plain.sceneRadius());
                GeometryImage image = new GeometryImageBuilder().build(effects);
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("primitives", image.primitiveCount());
                for (AccelStructure s : AccelStructure.forMeshes()) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    if (s == AccelStructure.BVH) {
                        m.put("build_ms", pack.medianMs());
                        m.put("bytes", BoxLayout.of(image).nodeBytes());
                    } else {
                        SpatialLayouts.setSettings(before);
                        Stopwatch.Stats build = Stopwatch.time(Math.min(3, settings.repeats()),
                                () -> SpatialLayouts.build(image, s, before));
                        m.put("build_ms", build.medianMs());
                        m.put("bytes", SpatialLayouts.of(image, s).bytes());
                    }
                    rays(m, image, effects, s, gpuTracers);
                    r.put(s.cliName(), m);
                }
                perScene.put(loaded.name(), r);
                sweep.put(loaded.name(), sweep(image, effects, before, gpuTracers));
            }
        } finally {
            SpatialLayouts.setSettings(before);
        }
        out.put("scenes", perScene);
        out.put("grid_sweep", sweep);
        return out;
    }

    /** The grid at each density of {@link #SWEEP_DENSITIES}: cells, build, bytes and rays. */
    private Map<String, Object> sweep(GeometryImage image, Scene effects, SpatialLayouts.Settings base,
                                      Function<AccelStructure, GlRenderer> gpuTracers) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        for (double density : densities) {
            SpatialLayouts.Settings s = base.withGrid(GridResolution.density(density));
            SpatialLayouts.setSettings(s);
            Map<String, Object> m = new LinkedHashMap<>();
            Stopwatch.Stats build = Stopwatch.time(1, () -> SpatialLayouts.build(image, AccelStructure.GRID, s));
            SpatialLayout layout = SpatialLayouts.of(image, AccelStructure.GRID);
            m.put("cells", cells(layout));
            m.put("build_ms", build.medianMs());
            m.put("bytes", layout.bytes());
            rays(m, image, effects, AccelStructure.GRID, gpuTracers);
            out.put(densityKey(density), m);
        }
        SpatialLayouts.setSettings(base);
        return out;
    }

    static String densityKey(double density) {
        return "density_" + (density == Math.rint(density) ? Long.toString((long) density) : Double.toString(density));
    }

    /** Cells of all the layout's grids. */
    static long cells(SpatialLayout grid) {
        long n = 0;
        float[] w = grid.words();
        for (int root : grid.rootTexels()) {
            int b = 4 * (root + SpatialLayout.GRID_RES);
            n += (long) Float.floatToRawIntBits(w[b]) * Float.floatToRawIntBits(w[b + 1]) * Float.floatToRawIntBits(w[b + 2]);
        }
        return n;
    }

    private void rays(Map<String, Object> m, GeometryImage image, Scene effects, AccelStructure s,
                      Function<AccelStructure, GlRenderer> gpuTracers) throws Exception {
        float exponent = BenchSetup.glossyExponent();
        GlRenderer gpu = gpuTracers == null ? null : gpuTracers.apply(s);
        if (gpu != null) {
            TraceParameters p = TraceParameters.of(effects.camera(), effects.settings().withSize(settings.width(), settings.height()), image);
            RayThroughput.Result t = RayThroughput.run(gpu, image, p, exponent, settings.repeats());
            m.put("gpu_primary_mrays_per_s", t.primary().mraysPerSecond());
            m.put("gpu_shadow_mrays_per_s", t.shadow().mraysPerSecond());
        }
        if (settings.cpuThreads() > 0) {
            TraceParameters p = TraceParameters.of(effects.camera(),
                    effects.settings().withSize(settings.cpuRayWidth(), settings.cpuRayHeight()), image);
            int threads = settings.cpuThreads();
            CpuRayThroughput.run(image, p, exponent, threads, s); // warm-up: JIT compilation
            int runs = Math.min(3, settings.repeats());
            double[] primary = new double[runs], shadow = new double[runs];
            for (int i = 0; i < runs; i++) {
                CpuRayThroughput.Result r = CpuRayThroughput.run(image, p, exponent, threads, s);
                primary[i] = r.primary().mraysPerSecond();
                shadow[i] = r.shadow().mraysPerSecond();
            }
            m.put("cpu_primary_mrays_per_s", median(primary));
            m.put("cpu_shadow_mrays_per_s", median(shadow));
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    /** The GPU tracers of a run, one per structure, made through {@code factory} on first use. */
    static final class GpuTracers implements Function<AccelStructure, GlRenderer>, AutoCloseable {
        private final Function<AccelStructure, Renderer> factory;
        private final Map<AccelStructure, GlRenderer> made = new LinkedHashMap<>();
        private final List<Renderer> others = new ArrayList<>();

        GpuTracers(Function<AccelStructure, Renderer> factory) {
            this.factory = factory;
        }

        /** The GL tracer for {@code s}, or null where the factory gives a CPU tracer (no GPU). */
        @Override
        public GlRenderer apply(AccelStructure s) {
            if (made.containsKey(s)) return made.get(s);
            Renderer r = factory.apply(s);
            GlRenderer gl = r instanceof GlRenderer g ? g : null;
            if (gl == null && r != null) others.add(r);
            made.put(s, gl);
            return gl;
        }

        @Override
        public void close() {
            made.values().forEach(r -> {
                if (r != null) r.close();
            });
            others.forEach(Renderer::close);
        }
    }
}
