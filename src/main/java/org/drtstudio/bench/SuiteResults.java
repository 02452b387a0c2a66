package org.drtstudio.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A suite's results as every suite of {@code drt bench} reports them: nested maps that start with
 * the same header (suite, version, when and on what it ran, the load then), end with the load at
 * the end, and are printed as an indented table (and written by {@link BenchmarkJson}).
 */
public final class SuiteResults {
    private SuiteResults() {
    }

    /** The lines every suite's results start with: the suite, its version (none when null), when and on what it ran. */
    public static Map<String, Object> header(String suite, Object version) {
        Map<String, Object> results = new LinkedHashMap<>();
        results.put("suite", suite);
        if (version != null) results.put("suite_version", version);
        results.put("date", OffsetDateTime.now().withNano(0).toString());
        results.put("cpu", cpuName());
        results.put("cores", Runtime.getRuntime().availableProcessors());
        results.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        results.put("load_average_at_start", loadAverage());
        return results;
    }

    /** Adds the load at the end of the run and prints the results as a table. */
    public static void finish(Map<String, Object> results, PrintWriter out) {
        results.put("load_average_at_end", loadAverage());
        print(results, out, "");
    }

    /** The results as an indented table: a nested map under its key, doubles with three decimals. */
    public static void print(Map<String, ?> map, PrintWriter out, String indent) {
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

    /**
     * The 1, 5 and 15-minute load averages (from /proc/loadavg) as text: other work on the machine
     * slows a benchmark down, and the reader should see when it was there. Text, not a figure, as it
     * may be 0.
     */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : "unknown";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The processor's model name (from /proc/cpuinfo), else the architecture. */
    public static String cpuName() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }
}
