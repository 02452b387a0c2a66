package org.drtstudio.lab;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.scene.Scene;

import static org.drtstudio.lab.NoiseCurves.parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

/**
 * The noise curves of docs/RESULTS.md on the GPU tracer: RMSE against a reference of the same
 * tracer as the sample count grows, plain and denoised (the GPU denoiser, as {@code drt render
 * --denoise} runs it), each with the wall time of the whole call (trace, guide pass, read-back,
 * filter) and the trace's GPU time, so the two can be compared at equal time.
 *
 * <p>{@code OUT.csv W H SCENE...}: {@code scenes/default.nff} stands for {@link NoiseMeasurement}'s
 * four measurement scenes; any other scene file (a held-out scene of {@code scripts/heldout-scene.py})
 * is measured with all three effects. Rows {@code scene,spp,seed,kind,wall_ms,trace_ms,rmse}.
 * -Dnoise.counts (1,2,4,8,16,32,64), -Dnoise.seeds (2), -Dnoise.refspp (1024), -Dnoise.repeats (3: each time the
 * median of so many calls).
 */
public final class GpuNoiseCurves {
    private GpuNoiseCurves() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int w = Integer.parseInt(args[1]), h = Integer.parseInt(args[2]);
        int[] counts = Arrays.stream(System.getProperty("noise.counts", "1,2,4,8,16,32,64").split(",")).mapToInt(Integer::parseInt).toArray();
        int seeds = Integer.getInteger("noise.seeds", 2), refSpp = Integer.getInteger("noise.refspp", 1024);
        int repeats = Integer.getInteger("noise.repeats", 3);
        List<String> rows = new ArrayList<>();
        rows.add("scene,spp,seed,kind,wall_ms,trace_ms,rmse");
        try (GlRenderer r = GlRenderer.start()) {
            System.out.println("# " + r.description());
            for (int i = 3; i < args.length; i++) {
                for (NamedScene s : scenesOf(Path.of(args[i]))) measure(r, s, w, h, counts, seeds, refSpp, repeats, rows);
            }
        }
        Files.write(out, rows);
    }

    private record NamedScene(String name, Scene scene) {
    }

    /** The default scene's four measurement variants, or another scene with all three effects. */
    private static List<NamedScene> scenesOf(Path file) throws Exception {
        Scene base = SceneLoader.load(file).scene();
        List<NamedScene> out = new ArrayList<>();
        for (NoiseMeasurement.Variant v : NoiseMeasurement.variants()) {
            if (file.getFileName().toString().equals("default.nff")) out.add(new NamedScene(v.name(), v.make().apply(base)));
            else if (v.name().equals("all-three")) out.add(new NamedScene(file.getFileName().toString().replaceFirst("\\.[^.]+$", ""), v.make().apply(base)));
        }
        return out;
    }

    private static void measure(GlRenderer r, NamedScene s, int w, int h, int[] counts, int seeds, int refSpp, int repeats,
                                List<String> rows)
            throws Exception {
        GeometryImage image = new GeometryImageBuilder().build(s.scene());
        float[] ref = r.render(image, parameters(s.scene(), image, w, h, refSpp, 1_000_003L), EnumSet.of(Aov.RADIANCE),
                ProgressListener.NONE).radiance();
        r.render(image, parameters(s.scene(), image, w, h, 4, 99), EnumSet.of(Aov.DENOISED), ProgressListener.NONE); // warm-up
        for (int spp : counts) {
            for (int seed = 1; seed <= seeds; seed++) {
                TraceParameters p = parameters(s.scene(), image, w, h, spp, seed);
                Timed plain = timed(r, repeats, () -> r.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE).radiance());
                row(rows, s.name(), spp, seed, "plain", plain.wallMs(), plain.traceMs(), NoiseMeasurement.rmse(plain.radiance(), ref));
                Timed denoised = timed(r, repeats, () -> r.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE).denoised());
                row(rows, s.name(), spp, seed, "denoised", denoised.wallMs(), denoised.traceMs(), NoiseMeasurement.rmse(denoised.radiance(), ref));
            }
        }
    }

    /** A call's radiance and the medians of its wall time and its trace's GPU time over its repeats. */
    private record Timed(float[] radiance, double wallMs, double traceMs) {
    }

    /**
     * The call made {@code repeats} times (the same seed: the same picture each time): one call's time
     * moved by tens of milliseconds between calls (a 16-spp 1080p trace 90-168 ms on the H200), more
     * than the changes these curves are to show, so each point is the median of several.
     */
    private static Timed timed(GlRenderer r, int repeats, java.util.concurrent.Callable<float[]> call) throws Exception {
        double[] wall = new double[repeats], trace = new double[repeats];
        float[] radiance = null;
        for (int k = 0; k < repeats; k++) {
            long t0 = System.nanoTime();
            radiance = call.call();
            wall[k] = (System.nanoTime() - t0) / 1e6;
            trace[k] = r.lastTraceGpuMillis(); // the render's, whatever follows it in the call
        }
        return new Timed(radiance, median(wall), median(trace));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static void row(List<String> rows, String scene, int spp, int seed, String kind, double wall, double trace, double rmse) {
        rows.add(String.format(Locale.ROOT, "%s,%d,%d,%s,%.3f,%.3f,%.4f", scene, spp, seed, kind, wall, trace, rmse));
        System.out.println(rows.get(rows.size() - 1));
    }
}
