package org.drtstudio.cli;

import org.drtstudio.bench.SuiteResults;
import org.drtstudio.accel.AccelStructure;
import org.drtstudio.bench.ResolutionBenchmark;
import org.drtstudio.bench.ResolutionPlot;
import org.drtstudio.bench.SpheresBenchmark;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.OutputTarget;
import org.drtstudio.render.Renderer;
import org.drtstudio.scene.SphereLayout;
import org.drtstudio.scene.SphereShading;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code drt bench}'s suites over generated random sphere scenes: {@code spheres} (frames per second
 * of the sphere caster's scenes) and {@code resolution} (GPU against CPU over image sizes), with
 * the bench command's options, JSON and one-line refusals.
 */
final class GeneratedSceneSuites {
    /** The scenes' seed: fixed, so every run measures the same spheres. */
    static final long SEED = 1;
    static final int DEFAULT_MAX_SIZE = 512;

    private GeneratedSceneSuites() {
    }

    static int run(String suite, BenchCommand options, RendererFactory renderers, PrintWriter out, PrintWriter err) throws Exception {
        Map<String, Object> results = SuiteResults.header(suite, 1);
        int frames = options.frameRepeats != null ? options.frameRepeats : 5;
        List<ResolutionPlot.Point> points = new ArrayList<>();
        try {
            if (options.json != null) OutputTarget.resolve(options.json);
            if (options.plot != null) OutputTarget.resolve(options.plot);
            if (suite.equals("spheres")) {
                SpheresBenchmark bench = new SpheresBenchmark(spheresPlan(options, frames), SEED);
                try (Renderer r = renderers.create(backend(options.backend), notice -> err.println("drt: " + notice))) {
                    results.put("spheres", bench.run(r, err));
                }
            } else {
                ResolutionBenchmark bench = new ResolutionBenchmark(options.maxSize != null ? options.maxSize : DEFAULT_MAX_SIZE, frames, SEED);
                try (Renderer gpu = renderers.create(RendererFactory.Backend.GPU, notice -> err.println("drt: " + notice));
                     Renderer cpu = renderers.create(RendererFactory.Backend.CPU, notice -> err.println("drt: " + notice))) {
                    Map<String, Object> r = bench.run(gpu, cpu, err);
                    results.put("resolution", r);
                    for (int size : bench.sizes()) {
                        @SuppressWarnings("unchecked") Map<String, Object> at = (Map<String, Object>) r.get("size_" + size);
                        points.add(new ResolutionPlot.Point(size, (Double) at.get("gpu_ms"), (Double) at.get("cpu_ms")));
                    }
                }
            }
        } catch (IllegalArgumentException | IllegalStateException | OutputProblem e) {
            err.println("drt: " + (e instanceof OutputProblem ? "cannot write " : "") + e.getMessage());
            return 2;
        }
        int written = options.finish(results, out, err);
        if (written != 0) return written;
        try {
            if (options.plot != null && !points.isEmpty()) {
                @SuppressWarnings("unchecked") Map<String, Object> r = (Map<String, Object>) results.get("resolution");
                byte[] png;
                try {
                    png = ResolutionPlot.png("Frame time over image size: " + shortName(String.valueOf(r.get("gpu")))
                            + " against the CPU tracer (" + SuiteResults.cpuName() + ", " + Runtime.getRuntime().availableProcessors() + " cores)", points);
                } catch (LinkageError | java.awt.AWTError | InternalError e) {
                    // Java draws text through the system's font libraries: a bare GPU server may lack them
                    // (libharfbuzz on the lent H100). The numbers are printed and in the JSON already.
                    err.println("drt: cannot draw " + options.plot + ": Java's text drawing is unavailable on this machine ("
                            + e.getMessage() + "); the results above are complete");
                    return 1;
                }
                AtomicFileWriter.write(options.plot, o -> o.write(png));
            }
        } catch (IOException e) {
            err.println("drt: cannot write " + e.getMessage());
            return 1;
        }
        return 0;
    }

    /** The spheres suite's plan from the bench options; a bad value throws, naming the option, in one line. */
    static SpheresBenchmark.Plan spheresPlan(BenchCommand options, int frames) {
        List<int[]> sizes;
        boolean sweep = options.size != null && options.size.strip().equals("16:9");
        if (sweep) {
            int maxWidth = options.maxSize != null ? options.maxSize : DEFAULT_MAX_WIDTH;
            sizes = SpheresBenchmark.SIXTEEN_NINE.stream().filter(wh -> wh[0] <= maxWidth).toList();
            if (sizes.isEmpty()) throw new IllegalArgumentException("--max-size " + maxWidth + " leaves no 16:9 size; the smallest is 640 wide");
        } else {
            sizes = List.<int[]>of(options.size == null ? new int[]{800, 800} : BenchCommand.parseSize(options.size));
        }
        List<AccelStructure> structures = new ArrayList<>();
        if (options.spec.commandLine().getParseResult().hasMatchedOption("--accel")) {
            for (String name : options.accel.split(",")) structures.add(AccelStructure.parse(name));
        }
        if (options.frames != null && (options.frames < 1 || options.frames > SpheresBenchmark.MAX_MOVING_FRAMES))
            throw new IllegalArgumentException("--frames must be 1 to " + String.format("%,d", SpheresBenchmark.MAX_MOVING_FRAMES)
                    + ", got " + options.frames);
        return new SpheresBenchmark.Plan(SphereLayout.parse(options.layout), SphereShading.parse(options.shading),
                options.counts != null ? options.counts : SpheresBenchmark.COUNTS, structures, sizes, frames,
                options.frames != null ? options.frames : 0, sweep);
    }

    /** The widest 16:9 size the spheres suite sweeps unless --max-size says otherwise: 1920x1080. */
    static final int DEFAULT_MAX_WIDTH = 1920;

    /** "GPU: llvmpipe (LLVM 15…), OpenGL 4.5 …" → "llvmpipe": the device's name for a plot title. */
    static String shortName(String description) {
        String s = description.startsWith("GPU: ") ? description.substring(5) : description;
        int cut = s.length();
        for (String stop : new String[]{" (", ","}) {
            int i = s.indexOf(stop);
            if (i > 0) cut = Math.min(cut, i);
        }
        return s.substring(0, cut);
    }

    private static RendererFactory.Backend backend(String name) {
        if (name.equalsIgnoreCase("none")) throw new IllegalArgumentException("the spheres suite measures frames; --backend none has none");
        try {
            return RendererFactory.Backend.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--backend must be auto, gpu or cpu, got '" + name + "'");
        }
    }
}
