package org.drtstudio.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One committed full-suite JSON file, read back for the results page: the machine it ran on and
 * its per-scene figures.
 */
record BenchmarkRun(String file, Map<String, Object> root) {

    static BenchmarkRun read(Path file) throws IOException {
        return new BenchmarkRun(file.getFileName().toString(), BenchmarkJson.read(file));
    }

    String suite() {
        return String.valueOf(root.get("suite"));
    }

    String glRenderer() {
        return String.valueOf(root.getOrDefault("gl_renderer", "none"));
    }

    boolean hasGpu() {
        return root.containsKey("gl_version");
    }

    boolean software() {
        return glRenderer().toLowerCase().contains("llvmpipe") || !hasGpu();
    }

    /** A short name for legends: "NVIDIA H100 80GB HBM3", "llvmpipe". */
    String gpuLabel() {
        String r = glRenderer();
        if (r.toLowerCase().contains("llvmpipe")) return "llvmpipe";
        int slash = r.indexOf('/');
        return slash > 0 ? r.substring(0, slash) : r;
    }

    long cores() {
        return number(root.get("cores")).longValue();
    }

    String cpu() {
        return String.valueOf(root.get("cpu"));
    }

    String date() {
        return String.valueOf(root.get("date"));
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> settings() {
        Object s = root.get("settings");
        return s instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /** Scene names in the order the run measured them. */
    @SuppressWarnings("unchecked")
    List<String> sceneNames() {
        Object s = root.get("scenes");
        return s instanceof Map<?, ?> m ? new ArrayList<>(((Map<String, Object>) m).keySet()) : List.of();
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> scene(String name) {
        Object s = root.get("scenes");
        if (!(s instanceof Map<?, ?> m)) return Map.of();
        Object v = ((Map<String, Object>) m).get(name);
        return v instanceof Map<?, ?> vm ? (Map<String, Object>) vm : Map.of();
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> skipped() {
        Object s = root.get("skipped");
        return s instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /** A figure of a scene, or NaN when the run did not measure it. */
    double figure(String scene, String key) {
        Object v = scene(scene).get(key);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    private static Number number(Object o) {
        return o instanceof Number n ? n : Double.NaN;
    }
}
