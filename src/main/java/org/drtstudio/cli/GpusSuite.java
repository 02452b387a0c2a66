package org.drtstudio.cli;

import org.drtstudio.bench.MultiGpuBenchmark;
import org.drtstudio.bench.SuiteScenes;
import org.drtstudio.render.GpuSelection;

import java.io.PrintWriter;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code drt bench --suite gpus}: frames split across several GPUs against one GPU
 * ({@link MultiGpuBenchmark}): the full suite's all-effects 16-spp frame of bunny_1m (or --scenes)
 * at 1920x1080 and 3840x2160 (or --size), per tile size (--tiles).
 */
final class GpusSuite {
    static final List<String> DEFAULT_TILES = List.of("b1", "b2", "b4", "512", "1024");
    static final int SPP = 16;

    private GpusSuite() {
    }

    static int run(BenchCommand options, PrintWriter out, PrintWriter err) throws Exception {
        MultiGpuBenchmark bench;
        SuiteScenes.Selection selection;
        try {
            GpuSelection gpus = GpuSelection.parse(options.gpus);
            List<String> tiles = options.tiles == null ? DEFAULT_TILES : options.tiles;
            List<int[]> sizes = options.size != null ? List.of(BenchCommand.parseSize(options.size))
                    : List.of(new int[]{1920, 1080}, new int[]{3840, 2160});
            int repeats = options.frameRepeats != null ? Math.max(1, options.frameRepeats) : 5;
            bench = new MultiGpuBenchmark(gpus, tiles, sizes, SPP, repeats, err);
            selection = SuiteScenes.load(false, options.dataDir(), options.scenes != null ? options.scenes : List.of("bunny_1m"));
        } catch (IllegalArgumentException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        for (Map.Entry<String, String> skip : selection.skipped().entrySet())
            err.println("drt: skipping scene " + skip.getKey() + ": " + skip.getValue() + " (--data DIR names the data folder)");
        if (selection.scenes().isEmpty()) {
            err.println("drt: no scene of the gpus suite could be loaded from " + options.dataDir().toAbsolutePath().normalize());
            return 1;
        }
        Map<String, Object> results = new LinkedHashMap<>();
        results.put("suite", "gpus");
        results.put("suite_version", 1);
        results.put("date", OffsetDateTime.now().withNano(0).toString());
        results.put("cpu", BenchCommand.cpuName());
        results.put("cores", Runtime.getRuntime().availableProcessors());
        results.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        results.put("load_average_at_start", BenchCommand.loadAverage());
        results.put("frame", SPP + " spp, every distributed effect, Gaussian filter, wall time of Renderer.render (trace, read-back, assembly)");
        try {
            results.put("gpus", bench.run(selection.scenes()));
        } catch (org.drtstudio.render.RenderException | IllegalStateException e) {
            err.println("drt: " + e.getMessage());
            return 1;
        }
        results.put("load_average_at_end", BenchCommand.loadAverage());
        BenchCommand.print(results, out, "");
        return options.writeJson(results, err);
    }
}
