package org.drtstudio.cli;

import org.drtstudio.bench.SuiteResults;
import org.drtstudio.bench.MultiGpuBenchmark;
import org.drtstudio.bench.SuiteScenes;
import org.drtstudio.render.GpuSelection;

import java.io.PrintWriter;
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
        if (!options.anySceneLoaded(selection, "gpus", err)) return 1;
        Map<String, Object> results = SuiteResults.header("gpus", 1);
        results.put("frame", SPP + " spp, every distributed effect, Gaussian filter, wall time of Renderer.render (trace, read-back, assembly)");
        try {
            results.put("gpus", bench.run(selection.scenes()));
        } catch (org.drtstudio.render.RenderException | IllegalStateException e) {
            err.println("drt: " + e.getMessage());
            return 1;
        }
        return options.finish(results, out, err);
    }
}
