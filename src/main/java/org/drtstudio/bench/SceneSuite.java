package org.drtstudio.bench;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.gl.GlInfo;
import org.drtstudio.render.gl.GlRenderer;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a scene suite ({@code full} or {@code quick}): every loaded scene through
 * {@link SceneBenchmark}, with the machine, the settings and the skipped scenes recorded beside
 * the figures.
 */
public final class SceneSuite {
    private final SuiteSettings settings;
    private final PrintWriter log;

    /** @param log progress lines (one per scene) */
    public SceneSuite(SuiteSettings settings, PrintWriter log) {
        this.settings = settings;
        this.log = log;
    }

    /**
     * @param renderer the back end; only the GPU tracer gets the GPU measurements (any other, or null,
     *                 leaves builds, sizes and the CPU baseline)
     */
    public Map<String, Object> run(SuiteScenes.Selection selection, Renderer renderer) throws Exception {
        Map<String, Object> r = new LinkedHashMap<>();
        GlRenderer gpu = renderer instanceof GlRenderer gl ? gl : null;
        if (gpu == null) log.println("drt: no GPU tracer: measuring builds and the CPU baseline only");
        if (gpu != null) {
            GlInfo info = gpu.info();
            r.put("gl_renderer", info.renderer());
            r.put("gl_version", info.version());
            r.put("driver", driver(info.version(), info.vendor()));
            r.put("gl_context", info.describe());
            r.put("nodes", gpu.nodeKind().name().toLowerCase(java.util.Locale.ROOT));
        } else {
            r.put("gl_renderer", "none (GPU measurements skipped)");
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("resolution", settings.width() + "x" + settings.height());
        s.put("repeats", settings.repeats());
        s.put("frame_repeats", settings.frameRepeats());
        s.put("frame_resolution", settings.frameWidth() + "x" + settings.frameHeight());
        s.put("frame_spp", settings.frameSpp());
        s.put("frame_effects", "aperture " + BenchSetup.APERTURE + " x radius, light radius " + BenchSetup.LIGHT_RADIUS
                + " x radius, roughness " + BenchSetup.GLOSSY_ROUGHNESS + ", reflectivity >= " + BenchSetup.MIN_REFLECTIVITY
                + ", Gaussian filter");
        s.put("glossy_exponent", (double) BenchSetup.glossyExponent());
        s.put("cpu_threads", settings.cpuThreads());
        r.put("settings", s);
        Map<String, Object> scenes = new LinkedHashMap<>();
        SceneBenchmark bench = new SceneBenchmark(settings);
        for (SuiteScenes.Loaded scene : selection.scenes()) {
            long t0 = System.nanoTime();
            Map<String, Object> m = bench.run(scene, gpu);
            scenes.put(scene.name(), m);
            log.printf("bench: %s done in %.1f s%n", scene.name(), (System.nanoTime() - t0) / 1e9);
            log.flush();
        }
        r.put("scenes", scenes);
        r.put("skipped", new LinkedHashMap<>(selection.skipped()));
        return r;
    }

    private static final Pattern GL_VERSION_PREFIX = Pattern.compile("^\\d+\\.\\d+(\\.\\d+)?\\s*(\\([^)]*\\))?\\s*");

    /** The driver's own version from GL_VERSION, e.g. "NVIDIA 580.159.04" or "Mesa 22.3.6". */
    static String driver(String glVersion, String vendor) {
        Matcher m = GL_VERSION_PREFIX.matcher(glVersion);
        String rest = m.find() ? glVersion.substring(m.end()).trim() : glVersion;
        return rest.isEmpty() ? vendor + " " + glVersion : rest;
    }
}
