package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.obj.ObjReader;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code drt bench --suite import}: an OBJ file from disk to a packed geometry image, phase by
 * phase (read + parse, triangles + normals, framing, hierarchy, packing, the box layout both
 * tracers walk, which the builder derives with the image), with the importer's fast
 * paths and without them (the validating javagl parser and the general mesh builder, as before),
 * alternating so both see the same machine. Wall and process CPU time per phase; the first run of
 * each (a cold JVM, as {@code drt info} sees it) and the median of the rest.
 */
public final class ImportBenchmark {
    private final Path file;
    private final int repeats;

    public ImportBenchmark(Path file, int repeats) {
        this.file = file;
        this.repeats = Math.max(1, repeats);
    }

    /**
     * The import suite: {@code obj}, or when null the generated 1.1M-triangle bunny_1m written to a
     * temporary OBJ from {@code data}'s bunny; its results with the suite's header, runs logged to
     * {@code log}.
     *
     * @throws IllegalStateException when there is no {@code obj} and no bunny under {@code data}
     */
    public static Map<String, Object> suite(Path obj, Path data, int repeats, PrintWriter log) throws Exception {
        Path temporary = null;
        Path file = obj;
        if (file == null) {
            SuiteScenes.Selection sel = SuiteScenes.load(false, data, List.of("bunny_1m"));
            if (sel.scenes().isEmpty())
                throw new IllegalStateException("the import suite needs --obj FILE or the bunny under --data: " + sel.skipped());
            temporary = Files.createTempDirectory("drt-import");
            file = PeerExport.write("bunny_1m", sel.scenes().get(0).scene(), 1, 1, temporary).obj();
        }
        try {
            Map<String, Object> results = SuiteResults.header("import", null);
            results.putAll(new ImportBenchmark(file, repeats).run(log));
            return results;
        } finally {
            if (temporary != null) deleteFolder(temporary);
        }
    }

    private static void deleteFolder(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            for (Path p : files.toList()) Files.deleteIfExists(p);
        }
        Files.deleteIfExists(folder);
    }

    /** Runs it, printing a line per run to {@code log}; the figures for the JSON. */
    public Map<String, Object> run(PrintWriter log) throws Exception {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("file", file.toString());
        r.put("file_bytes", Files.size(file));
        for (boolean fast : new boolean[]{false, true}) r.putAll(runs(fast, log));
        return r;
    }

    private Map<String, Object> runs(boolean fast, PrintWriter log) throws Exception {
        // Alternation would let one mode's garbage slow the other; instead each mode runs its repeats
        // in turn after a collection, and the report keeps its cold first run apart.
        List<double[]> runs = new ArrayList<>();
        String[] names = null;
        long triangles = 0;
        for (int i = 0; i <= repeats; i++) {
            System.gc();
            long w0 = System.nanoTime(), c0 = processCpuNanos();
            ImportResult imported = ObjReader.read(file, fast);
            double importCpu = (processCpuNanos() - c0) / 1e6;
            GeometryImageBuilder builder = new GeometryImageBuilder();
            long c1 = processCpuNanos();
            GeometryImage image = builder.build(imported.scene());
            triangles = image.triangleCount();
            double buildCpu = (processCpuNanos() - c1) / 1e6, total = TimedPhase.since(w0);
            GeometryImageBuilder.Timings built = builder.lastTimings();
            List<TimedPhase> phases = new ArrayList<>(imported.phases());
            phases.add(new TimedPhase("hierarchy", built.hierarchyMillis()));
            phases.add(new TimedPhase("packing", built.packMillis()));
            phases.add(new TimedPhase("box layout", built.boxLayoutMillis()));
            names = phases.stream().map(TimedPhase::name).toArray(String[]::new);
            double[] row = new double[phases.size() + 3];
            for (int k = 0; k < phases.size(); k++) row[k] = phases.get(k).millis();
            row[phases.size()] = total;
            row[phases.size() + 1] = importCpu;
            row[phases.size() + 2] = buildCpu;
            runs.add(row);
            log.printf(Locale.ROOT, "%s run %d: %s; total %,.1f ms; CPU import %,.0f ms, build %,.0f ms%n", fast ? "fast paths" : "validating",
                    i, TimedPhase.summary(phases), total, importCpu, buildCpu);
            log.flush();
        }
        String prefix = fast ? "fast_" : "validating_";
        Map<String, Object> r = new LinkedHashMap<>();
        r.put(prefix + "triangles", triangles);
        for (int k = 0; k < names.length + 3; k++) {
            String key = k < names.length ? names[k].replaceAll("[^a-z]+", "_") + "_ms"
                    : new String[]{"total_ms", "import_cpu_ms", "build_cpu_ms"}[k - names.length];
            int col = k;
            r.put(prefix + "first_" + key, runs.get(0)[col]);
            if (runs.size() > 1) r.put(prefix + "median_" + key, median(runs.subList(1, runs.size()).stream().mapToDouble(x -> x[col]).toArray()));
        }
        return r;
    }

    /** CPU time of the whole process, all threads (java.base only: the carried GPU runtime has no jdk.management). */
    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
}
