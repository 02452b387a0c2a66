package org.drtstudio.lab;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.adaptive.AdaptiveRender;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.adaptive.SampleCountSummary;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.drtstudio.lab.NoiseCurves.parameters;

/**
 * Adaptive convergence against fixed sample counts at equal time: RMSE (0–255, sRGB, as
 * {@link NoiseMeasurement#rmse}) against a 2048-spp reference of the same (CPU) tracer, with the
 * render's cost measured as the process's CPU time (so other processes on a shared machine do not
 * distort it). Scenes: {@code scenes/default.nff} with depth of field, soft shadows, glossy
 * reflection and all three ({@link NoiseMeasurement#variants}), and the project
 * {@code scenes/orbit.json} with all three. Used for docs/RESULTS.md "Adaptive convergence".
 *
 * <p>{@code reference DIR W H SPP [THREADS]}: writes each scene's reference radiance to DIR;
 * {@code measure DIR W H [SCENE]}: one CSV line per render (scene, mode, spp or threshold, CPU seconds,
 * mean spp, RMSE) to stdout and the pictures (16-spp-equivalent-time pair, heat map) to DIR.
 */
public final class AdaptiveMeasurement {
    static final int[] FIXED = {8, 16, 32, 64, 128, 256, 512};
    static final float[] THRESHOLDS = {0.1f, 0.05f, 0.03f, 0.02f};
    static final int ADAPTIVE_MAX = 512;

    private AdaptiveMeasurement() {
    }

    record Named(String name, Scene scene) {
    }

    static List<Named> scenes() throws Exception {
        List<Named> out = new ArrayList<>();
        Scene base = SceneLoader.load(Path.of("scenes/default.nff")).scene();
        for (NoiseMeasurement.Variant v : NoiseMeasurement.variants()) out.add(new Named(v.name(), v.make().apply(base)));
        Scene orbit = SceneLoader.load(Path.of("scenes/orbit.json")).scene();
        float focus = orbit.camera().look().minus(orbit.camera().eye()).length();
        Scene project = orbit.withCamera(orbit.camera().withLens(0.1f, focus))
                .withLights(orbit.lights().stream().map(l -> l.withRadius(1f)).toList());
        out.add(new Named("orbit-project", NoiseMeasurement.glossy(project)));
        return out;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path dir = Path.of(args[1]);
        int w = Integer.parseInt(args[2]), h = Integer.parseInt(args[3]);
        Files.createDirectories(dir);
        Set<Aov> aovs = EnumSet.of(Aov.RADIANCE, Aov.SAMPLES);
        if (mode.equals("skipcost")) {
            skipCost(w, h);
            return;
        }
        if (mode.equals("reference")) {
            int spp = Integer.parseInt(args[4]);
            int threads = args.length > 5 ? Integer.parseInt(args[5]) : Runtime.getRuntime().availableProcessors();
            try (CpuRenderer r = new CpuRenderer(threads)) {
                for (Named n : scenes()) {
                    GeometryImage image = new GeometryImageBuilder().build(n.scene());
                    long t0 = System.nanoTime();
                    Frame f = r.render(image, parameters(n.scene(), image, w, h, spp, 1_000_003L), aovs, ProgressListener.NONE);
                    write(dir.resolve(n.name() + ".ref"), f.radiance());
                    System.out.printf(Locale.ROOT, "%s: %d spp in %.1f s%n", n.name(), spp, (System.nanoTime() - t0) / 1e9);
                }
            }
            return;
        }
        String only = args.length > 4 ? args[4] : null;
        System.out.println("scene,mode,setting,cpu_s,mean_spp,rmse");
        try (CpuRenderer r = new CpuRenderer(2)) {
            for (Named n : scenes()) {
                if (only != null && !only.equals(n.name())) continue;
                float[] ref = read(dir.resolve(n.name() + ".ref"));
                GeometryImage image = new GeometryImageBuilder().build(n.scene());
                r.render(image, parameters(n.scene(), image, w, h, 4, 1), aovs, ProgressListener.NONE); // warm up the JIT
                for (int spp : FIXED) {
                    long c0 = cpuNanos();
                    Frame f = r.render(image, parameters(n.scene(), image, w, h, spp, 7), aovs, ProgressListener.NONE);
                    double cpu = (cpuNanos() - c0) / 1e9;
                    System.out.printf(Locale.ROOT, "%s,fixed,%d,%.3f,%.1f,%.4f%n", n.name(), spp, cpu, (double) spp,
                            NoiseMeasurement.rmse(f.radiance(), ref));
                    if (spp == 64) org.drtstudio.io.image.PngWriter.write(dir.resolve(n.name() + "-fixed64.png"), w, h, f.srgb());
                }
                for (float t : THRESHOLDS) {
                    long c0 = cpuNanos();
                    Frame f = AdaptiveRender.render(r, image, parameters(n.scene(), image, w, h, ADAPTIVE_MAX, 7),
                            AdaptiveSampling.of(t), aovs, ProgressListener.NONE);
                    double cpu = (cpuNanos() - c0) / 1e9;
                    SampleCountSummary summary = SampleCountSummary.of(f.samples(), w, h);
                    System.out.printf(Locale.ROOT, "%s,adaptive,%s,%.3f,%.1f,%.4f%n", n.name(), t, cpu, summary.mean(),
                            NoiseMeasurement.rmse(f.radiance(), ref));
                    if (t == 0.05f) {
                        org.drtstudio.io.image.PngWriter.write(dir.resolve(n.name() + "-adaptive005.png"), w, h, f.srgb());
                        org.drtstudio.io.image.PngWriter.write(dir.resolve(n.name() + "-samples005.png"), w, h,
                                org.drtstudio.render.adaptive.SampleHeatMap.rgba(f.samples(), ADAPTIVE_MAX));
                    }
                }
            }
        }
    }

    /**
     * What a converged pixel costs the GL tracer: the wall time of a 16-sample pass over the
     * all-three scene with every pixel active, after a threshold stopped part of them, and with all
     * stopped (best of 3 each: wall time, and the GPU timer queries' time where the driver has them).
     */
    static void skipCost(int w, int h) throws Exception {
        Named n = scenes().get(3);
        GeometryImage image = new GeometryImageBuilder().build(n.scene());
        TraceParameters p = parameters(n.scene(), image, w, h, 4096, 7);
        try (org.drtstudio.render.gl.GlRenderer r = org.drtstudio.render.gl.GlRenderer.start()) {
            System.out.println(r.description());
            for (float t : new float[]{0, 0.1f, 0.2f, 1f}) {
                double bestWall = Double.MAX_VALUE, bestGpu = Double.MAX_VALUE;
                long active = (long) w * h;
                for (int rep = 0; rep < 3; rep++) {
                    r.accumulate(image, p, 0, 16, Set.of(), ProgressListener.NONE);
                    if (t > 0) active = r.converge(AdaptiveSampling.of(t));
                    long t0 = System.nanoTime();
                    r.accumulate(image, p, 16, 16, Set.of(), ProgressListener.NONE);
                    bestWall = Math.min(bestWall, (System.nanoTime() - t0) / 1e6);
                    bestGpu = Math.min(bestGpu, r.lastTraceGpuMillis());
                }
                System.out.printf(Locale.ROOT, "threshold %s: %.1f%% of pixels active, 16-sample pass %.1f ms wall, %.2f ms GPU timer%n",
                        t, 100.0 * active / ((long) w * h), bestWall, bestGpu);
            }
        }
    }

    private static void write(Path file, float[] v) throws java.io.IOException {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length);
        b.asFloatBuffer().put(v);
        Files.write(file, b.array());
    }

    private static float[] read(Path file) throws java.io.IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
        float[] v = new float[b.capacity() / 4];
        b.asFloatBuffer().get(v);
        return v;
    }
}
