package org.drtstudio.cli;

import org.drtstudio.bench.InstancingBenchmark;
import org.drtstudio.bench.JsonWriter;
import org.drtstudio.bench.TraversalBenchmark;
import org.drtstudio.render.Renderer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code drt bench}: fixed, versioned benchmark suites; prints a table and optionally writes JSON. */
@Command(name = "bench", description = "Run a benchmark suite: instancing (100 instances of a 100k-triangle mesh), quick (a small smoke version), traversal (parallel vs per-ray traversal, GPU).")
final class BenchCommand implements Callable<Integer> {
    static final int SUITE_VERSION = 1;
    private final RendererFactory renderers;

    @Option(names = "--suite", paramLabel = "NAME", defaultValue = "instancing", description = "instancing (default), quick or traversal")
    String suite;
    @Option(names = "--backend", paramLabel = "auto|gpu|cpu|none", defaultValue = "auto",
            description = "renderer for the frame measurements; none skips them")
    String backend;
    @Option(names = "--json", paramLabel = "FILE", description = "also write the results as JSON")
    Path json;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    BenchCommand(RendererFactory renderers) {
        this.renderers = renderers;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        InstancingBenchmark bench = null;
        TraversalBenchmark traversal = null;
        int w = 0, h = 0;
        switch (suite.toLowerCase(Locale.ROOT)) {
            case "instancing" -> { bench = new InstancingBenchmark(10, 224); w = 640; h = 360; }
            case "quick" -> { bench = new InstancingBenchmark(3, 24); w = 64; h = 36; }
            case "traversal" -> traversal = new TraversalBenchmark(1920, 1080, 5);
            default -> {
                err.println("drt: unknown --suite '" + suite + "'; available: instancing, quick, traversal");
                return 2;
            }
        }
        Map<String, Object> results = new LinkedHashMap<>();
        results.put("suite", suite);
        results.put("suite_version", SUITE_VERSION);
        results.put("date", OffsetDateTime.now().withNano(0).toString());
        results.put("cpu", cpuName());
        results.put("cores", Runtime.getRuntime().availableProcessors());
        results.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        Renderer renderer = null;
        try {
            if (!backend.equalsIgnoreCase("none")) {
                RendererFactory.Backend choice;
                try {
                    choice = RendererFactory.Backend.valueOf(backend.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    err.println("drt: --backend must be auto, gpu, cpu or none, got '" + backend + "'");
                    return 2;
                }
                try {
                    renderer = renderers.create(choice, notice -> err.println("drt: " + notice));
                } catch (IllegalStateException e) {
                    err.println("drt: " + e.getMessage());
                    return 1;
                }
            }
            if (bench != null) results.put("instancing", bench.run(renderer, w, h));
            if (traversal != null) results.put("traversal", traversal.run(renderer));
        } finally {
            if (renderer != null) renderer.close();
        }
        print(results, out, "");
        if (json != null) {
            try {
                Path parent = json.toAbsolutePath().getParent();
                if (parent != null) Files.createDirectories(parent);
                Files.writeString(json, JsonWriter.write(results));
            } catch (IOException e) {
                err.println("drt: cannot write " + json + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    private static void print(Map<String, ?> map, PrintWriter out, String indent) {
        for (Map.Entry<String, ?> e : map.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> m) {
                out.println(indent + e.getKey() + ":");
                @SuppressWarnings("unchecked") Map<String, ?> inner = (Map<String, ?>) m;
                print(inner, out, indent + "  ");
            } else if (e.getValue() instanceof Double d) {
                out.printf(Locale.ROOT, "%s%-32s %.3f%n", indent, e.getKey(), d);
            } else {
                out.printf(Locale.ROOT, "%s%-32s %s%n", indent, e.getKey(), e.getValue());
            }
        }
    }

    private static String cpuName() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }
}
