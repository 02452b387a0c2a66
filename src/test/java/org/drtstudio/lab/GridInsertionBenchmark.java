package org.drtstudio.lab;

import org.drtstudio.bench.BenchSetup;
import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.accel.grid.GridResolution;
import org.drtstudio.accel.grid.UniformGridBuilder;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRayThroughput;
import org.drtstudio.render.cpu.GridTestCounts;
import org.drtstudio.scene.Scene;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The uniform grid's two insertions ({@link GridInsertion}: padded boxes, the exact triangle–box
 * test) against each other, for docs/ACCEL.md: per scene and grid resolution, list entries per
 * primitive (the cells that hold each one), primitive tests and cells visited per camera ray (counted, {@link GridTestCounts}), the grid build's median wall and CPU time (the builder
 * alone, from the shapes' primitives; one thread), and the CPU tracer's primary and shadow rays per
 * second through the grid (480x270, all cores, median of 3); both insertions twice, alternately. A plain main method:
 * <pre>
 * scripts/lab.sh GridInsertionBenchmark [REPEATS] [CELLS_PER_AXIS] FILE...
 * </pre>
 * CELLS_PER_AXIS 0 is this program's resolution (2 cells a primitive, shaped like the bounds); R &gt; 0
 * is a fixed R×R×R grid.
 */
public final class GridInsertionBenchmark {
    private GridInsertionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int repeats = Integer.parseInt(args[0]);
        int fixed = Integer.parseInt(args[1]);
        GridResolution resolution = fixed > 0 ? GridResolution.fixed(fixed) : GridResolution.DEFAULT;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf(Locale.ROOT, "%d processors, load average %.2f at the start; grid %s%n",
                Runtime.getRuntime().availableProcessors(), os.getSystemLoadAverage(), resolution.describe());
        System.out.printf(Locale.ROOT, "%-22s %9s %-9s %9s %9s %9s %9s %9s %9s %9s%n", "scene", "prims", "insert", "entries/p", "tests/ray", "cells/ray",
                "build ms", "cpu ms", "primary", "shadow");
        for (int i = 2; i < args.length; i++) {
            Path file = Path.of(args[i]);
            Scene base = SceneLoader.load(file).scene();
            GeometryImage plain = new GeometryImageBuilder().build(base);
            Scene effects = BenchSetup.withEffects(base, plain.sceneRadius());
            GeometryImage image = new GeometryImageBuilder().build(effects);
            List<ShapePrimitives> shapes = ShapePrimitives.of(image, true);
            // Two rounds, alternating, so a trend of the machine's load shows as a difference between rounds.
            for (int round = 0; round < 2; round++) for (GridInsertion insertion : GridInsertion.values()) {
                Timing t = timeBuild(shapes, resolution, insertion, repeats);
                SpatialLayout layout = UniformGridBuilder.build(shapes, resolution, insertion);
                SpatialLayouts.Settings settings = SpatialLayouts.Settings.DEFAULT.withGrid(resolution).withGridInsertion(insertion);
                double[] rays = rays(image, effects, settings);
                GridTestCounts.PerRay counts = countsPerRay(image, effects, settings);
                System.out.printf(Locale.ROOT, "%-22s %9d %-9s %9.2f %9.2f %9.2f %9.1f %9.1f %9.3f %9.3f%n", file.getFileName(),
                        image.primitiveCount(), insertion.cliName(), (double) entries(layout) / image.primitiveCount(), counts.tests(),
                        counts.cells(), t.wallMs, t.cpuMs, rays[0], rays[1]);
            }
        }
        System.out.printf(Locale.ROOT, "load average %.2f at the end%n", os.getSystemLoadAverage());
    }

    private record Timing(double wallMs, double cpuMs) {
    }

    /** Median wall and thread-CPU time of {@code repeats} builds after one untimed build. */
    private static Timing timeBuild(List<ShapePrimitives> shapes, GridResolution resolution, GridInsertion insertion, int repeats) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        UniformGridBuilder.build(shapes, resolution, insertion);
        double[] wall = new double[repeats], cpu = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            long c0 = threads.getCurrentThreadCpuTime(), t0 = System.nanoTime();
            UniformGridBuilder.build(shapes, resolution, insertion);
            wall[r] = (System.nanoTime() - t0) / 1e6;
            cpu[r] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        return new Timing(wall[repeats / 2], cpu[repeats / 2]);
    }

    /** Primary and shadow Mrays/s of the CPU tracer through the grid built with {@code settings}. */
    private static double[] rays(GeometryImage image, Scene effects, SpatialLayouts.Settings settings) {
        SpatialLayouts.Settings before = SpatialLayouts.settings();
        SpatialLayouts.setSettings(settings);
        try {
            TraceParameters p = TraceParameters.of(effects.camera(), effects.settings().withSize(480, 270), image);
            int threads = Runtime.getRuntime().availableProcessors();
            CpuRayThroughput.run(image, p, BenchSetup.glossyExponent(), threads, AccelStructure.GRID); // warm-up
            List<Double> primary = new ArrayList<>(), shadow = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                CpuRayThroughput.Result r = CpuRayThroughput.run(image, p, BenchSetup.glossyExponent(), threads, AccelStructure.GRID);
                primary.add(r.primary().mraysPerSecond());
                shadow.add(r.shadow().mraysPerSecond());
            }
            primary.sort(null);
            shadow.sort(null);
            return new double[]{primary.get(1), shadow.get(1)};
        } finally {
            SpatialLayouts.setSettings(before);
        }
    }

    /** Primitive tests and cells per camera ray (480x270, pixel centres) through the grid built with {@code settings}. */
    private static GridTestCounts.PerRay countsPerRay(GeometryImage image, Scene effects, SpatialLayouts.Settings settings) {
        SpatialLayouts.Settings before = SpatialLayouts.settings();
        SpatialLayouts.setSettings(settings);
        try {
            TraceParameters p = TraceParameters.of(effects.camera(), effects.settings().withSize(480, 270), image);
            return GridTestCounts.perCameraRay(image, p, AccelStructure.GRID);
        } finally {
            SpatialLayouts.setSettings(before);
        }
    }

    /** List entries of all the layout's grids: the last cell's end minus the first cell's start. */
    static long entries(SpatialLayout grid) {
        long n = 0;
        float[] w = grid.words();
        for (int root : grid.rootTexels()) {
            int res = 4 * (root + SpatialLayout.GRID_RES);
            long cells = (long) Float.floatToRawIntBits(w[res]) * Float.floatToRawIntBits(w[res + 1]) * Float.floatToRawIntBits(w[res + 2]);
            int table = Float.floatToRawIntBits(w[4 * root + 7]);
            n += Float.floatToRawIntBits(w[table + (int) cells]) - Float.floatToRawIntBits(w[table]);
        }
        return n;
    }
}
