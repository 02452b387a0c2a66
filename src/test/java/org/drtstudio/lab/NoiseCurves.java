package org.drtstudio.lab;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The noise curves of docs/RESULTS.md, measured with the CPU tracer: RMSE against a 2048-spp
 * reference ({@link NoiseMeasurement}'s) as the sample count grows, with the time each render took,
 * plain and denoised with the guides of pixels on an edge of the guides ({@link org.drtstudio.render.denoise.GuideEdges})
 * averaging 4× ("guides1x" in the CSV, named before the edge guides), 8× ("guides2x") and (the default)
 * 16× the radiance's samples, at most 256 (the radiance's own summed by the trace pass, the rest traced
 * by the guide pass; the other pixels keep their own; guide pass and filter timed, wall and process
 * CPU seconds); and a progressive
 * run like the studio's preview (passes of 1, 1, 2, 4, … samples, guides (16 samples) traced with the
 * pass from sample 4, each pass denoised). Rows go to a CSV; {@link NoisePlot} draws them.
 */
public final class NoiseCurves {
    private NoiseCurves() {
    }

    static float[] readFloats(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
        float[] v = new float[b.capacity() / 4];
        b.asFloatBuffer().get(v);
        return v;
    }

    /** The scene's own settings at w × h, spp samples and the seed, box filter: the noise measurements' frame. */
    static TraceParameters parameters(Scene s, GeometryImage image, int w, int h, int spp, long seed) {
        var settings = s.settings().withSize(w, h).withSampling(spp, s.settings().maxDepth(), seed);
        return TraceParameters.of(s.camera(), s.camera(), settings, image, PixelFilter.BOX);
    }

    /**
     * {@code curve SCENE REFDIR OUT.csv [W H]}: per noise scene, sample count and seed, one plain and
     * one denoised render, timed; rows {@code scene,spp,seed,kind,seconds,rmse}.
     * {@code reference SCENE OUT.ref W H SPP}: the scene's reference radiance.
     * {@code preview SCENE REF OUT.csv W H [MAXSPP]}: the progressive run on the scene as it is,
     * against the reference radiance file REF; rows {@code samples,seconds,rmse_plain,rmse_denoised}.
     * -Dnoise.counts and -Dnoise.seeds as in {@link NoiseMeasurement}; -Dnoise.threads the tracer's threads.
     */
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Scene base = SceneLoader.load(Path.of(args[1])).scene();
        int threads = Integer.getInteger("noise.threads", Runtime.getRuntime().availableProcessors());
        if (mode.equals("reference")) {
            // reference SCENE OUT.ref W H SPP: the scene as it is, for the preview run.
            int w = Integer.parseInt(args[3]), h = Integer.parseInt(args[4]), spp = Integer.parseInt(args[5]);
            GeometryImage image = new GeometryImageBuilder().build(base);
            try (CpuRenderer r = new CpuRenderer(threads)) {
                long t0 = System.nanoTime();
                Frame f = r.render(image, parameters(base, image, w, h, spp, 1_000_003L), EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
                ByteBuffer b = ByteBuffer.allocate(4 * f.radiance().length);
                b.asFloatBuffer().put(f.radiance());
                Files.write(Path.of(args[2]), b.array());
                System.out.printf(Locale.ROOT, "reference %dx%d, %d spp in %.1f s%n", w, h, spp, (System.nanoTime() - t0) / 1e9);
            }
            return;
        }
        if (mode.equals("crops")) {
            crops(base, Path.of(args[2]), Path.of(args[3]), threads);
            return;
        }
        if (mode.equals("preview")) {
            preview(base, readFloats(Path.of(args[2])), Path.of(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]),
                    args.length > 6 ? Integer.parseInt(args[6]) : 128, threads);
            return;
        }
        Path refs = Path.of(args[2]), out = Path.of(args[3]);
        int w = args.length > 5 ? Integer.parseInt(args[4]) : 160, h = args.length > 5 ? Integer.parseInt(args[5]) : 120;
        int[] counts = Arrays.stream(System.getProperty("noise.counts", "4,8,16,32,64,128").split(",")).mapToInt(Integer::parseInt).toArray();
        int seeds = Integer.getInteger("noise.seeds", 2);
        String only = System.getProperty("noise.scene");
        List<String> rows = new ArrayList<>();
        rows.add("scene,spp,seed,kind,seconds,rmse,cpu_seconds");
        try (CpuRenderer r = new CpuRenderer(threads)) {
            for (NoiseMeasurement.Variant v : NoiseMeasurement.variants()) {
                if (only != null && !only.equals(v.name())) continue;
                Scene s = v.make().apply(base);
                GeometryImage image = new GeometryImageBuilder().build(s);
                float[] ref = readFloats(refs.resolve(v.name() + ".ref"));
                r.render(image, parameters(s, image, w, h, 4, 99), DenoiseInput.NEEDED, ProgressListener.NONE); // warm-up
                for (int spp : counts) {
                    for (int seed = 1; seed <= seeds; seed++) {
                        TraceParameters p = parameters(s, image, w, h, spp, seed);
                        Timed plain = Timed.of(() -> r.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE).radiance());
                        // The guides of a pixel on an edge of the guides average GuideEdges.samples(planned spp) camera
                        // samples: the radiance's own, summed by the trace pass, and the rest from the guide pass (the
                        // others keep their own). Planning a quarter or half of the samples gives edge guides of 4× and
                        // 8× the radiance's samples instead of 16×.
                        Timed own = denoisedWithGuides(r, image, p, Math.max(2, spp / 4)); // 2: one planned sample means pixel centres
                        Timed half = denoisedWithGuides(r, image, p, Math.max(1, spp / 2));
                        Timed denoised = denoisedWithGuides(r, image, p, spp);
                        for (String kind : List.of("plain", "guides1x", "guides2x", "denoised")) {
                            Timed t = switch (kind) {
                                case "plain" -> plain;
                                case "guides1x" -> own;
                                case "guides2x" -> half;
                                default -> denoised;
                            };
                            rows.add(String.format(Locale.ROOT, "%s,%d,%d,%s,%.9f,%.4f,%.4f", v.name(), spp, seed, kind, t.seconds(), // wall: nanoTime's resolution
                                    NoiseMeasurement.rmse(t.radiance(), ref), t.cpuSeconds()));
                            System.out.println(rows.get(rows.size() - 1));
                        }
                    }
                }
            }
        }
        Files.write(out, rows);
    }

    /**
     * One render of {@code p}'s samples denoised, the guides of its pixels on guide edges averaging
     * GuideEdges.samples({@code plannedSpp}) camera samples (samples the tracer takes do not depend on the planned count).
     */
    private static Timed denoisedWithGuides(CpuRenderer r, GeometryImage image, TraceParameters p, int plannedSpp)
            throws Exception {
        TraceParameters planned = new TraceParameters(p.width(), p.height(), plannedSpp, p.maxDepth(), p.seed(), p.open(),
                p.close(), p.filter(), p.motion(), p.background(), p.ambientLight(), p.attenuation(), p.rayEpsilon(),
                p.throughputCutoff(), p.rouletteWeight());
        return Timed.of(() -> new NlmDenoiser().denoise(DenoiseInput.of(
                r.accumulate(image, planned, 0, p.samplesPerPixel(), DenoiseInput.NEEDED, ProgressListener.NONE))));
    }

    /** A step that makes a linear radiance image, with its wall time and the process's CPU time (steadier under load). */
    private record Timed(float[] radiance, double seconds, double cpuSeconds) {
        interface Step {
            float[] run() throws Exception;
        }

        static Timed of(Step step) throws Exception {
            var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            long cpu0 = os.getProcessCpuTime(), t0 = System.nanoTime();
            float[] radiance = step.run();
            return new Timed(radiance, (System.nanoTime() - t0) / 1e9, (os.getProcessCpuTime() - cpu0) / 1e9);
        }
    }

    /**
     * {@code crops SCENE REFDIR OUTDIR}: for each noise scene a 3× enlarged crop (the near glass ball,
     * the checker's edges and the shadows) of the reference, the 16-spp render, the same denoised as one
     * (no {@code DiffuseSplit}) and denoised as {@code --denoise} does it.
     */
    private static void crops(Scene base, Path refs, Path out, int threads) throws Exception {
        int w = 160, h = 120, cx = 40, cy = 50, cw = 80, ch = 60, zoom = 3;
        Files.createDirectories(out);
        try (CpuRenderer r = new CpuRenderer(threads)) {
            for (NoiseMeasurement.Variant v : NoiseMeasurement.variants()) {
                Scene s = v.make().apply(base);
                GeometryImage image = new GeometryImageBuilder().build(s);
                Frame f = r.render(image, parameters(s, image, w, h, 16, 1), DenoiseInput.NEEDED, ProgressListener.NONE);
                DenoiseInput in = DenoiseInput.of(f);
                DenoiseInput asOne = new DenoiseInput(w, h, in.radiance(), in.variance(), in.normals(), in.albedo(), in.depth());
                float[][] panels = {readFloats(refs.resolve(v.name() + ".ref")), f.radiance(),
                        new NlmDenoiser().denoise(asOne), new NlmDenoiser().denoise(in)};
                int pw = cw * zoom, gap = 4, total = panels.length * pw + (panels.length - 1) * gap;
                byte[] rgba = new byte[4 * total * ch * zoom];
                java.util.Arrays.fill(rgba, (byte) 255);
                for (int k = 0; k < panels.length; k++) {
                    byte[] srgb = org.drtstudio.render.ToneMapper.toSrgb(panels[k], w * h);
                    for (int y = 0; y < ch * zoom; y++) {
                        for (int x = 0; x < pw; x++) {
                            int src = 4 * ((cy + y / zoom) * w + cx + x / zoom), dst = 4 * (y * total + k * (pw + gap) + x);
                            System.arraycopy(srgb, src, rgba, dst, 4);
                        }
                    }
                }
                org.drtstudio.io.image.PngWriter.write(out.resolve(v.name() + "-crop.png"), total, ch * zoom, rgba);
            }
        }
    }

    /**
     * The studio-like progressive run: cumulative time and RMSE of the plain and the denoised picture after each pass.
     * {@code -Dnoise.preview=}: {@code once} (the studio's guides of 16 samples traced once, with the pass from
     * sample 4), {@code summed} (the trace passes sum the guides and the split from the first pass; a denoised pass
     * asks for them, no guide pass beyond them) or {@code edges} (as summed, and a denoised pass's guide pass tops
     * up the pixels on guide edges to {@code GuideBudget.CPU} of the samples so far).
     */
    private static void preview(Scene s, float[] ref, Path out, int w, int h, int maxSpp, int threads) throws Exception {
        String mode = System.getProperty("noise.preview", "once");
        boolean summed = !mode.equals("once"), edges = mode.equals("edges");
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = parameters(s, image, w, h, maxSpp, s.settings().seed());
        List<String> rows = new ArrayList<>();
        rows.add("samples,seconds,rmse_plain,rmse_denoised,pass_seconds,denoise_seconds");
        try (CpuRenderer r = new CpuRenderer(threads)) {
            r.render(image, parameters(s, image, w, h, 2, 99), DenoiseInput.NEEDED, ProgressListener.NONE); // warm-up
            Frame guides = null;
            int done = 0, pass = 1;
            long t0 = System.nanoTime();
            while (done < maxSpp) {
                int count = Math.min(pass, maxSpp - done);
                boolean traceGuides = summed ? done + count >= 4 : guides == null && done >= 4;
                Set<Aov> aovs = traceGuides ? EnumSet.copyOf(DenoiseInput.NEEDED) : EnumSet.of(Aov.RADIANCE, Aov.VARIANCE);
                if (summed && (done == 0 || traceGuides)) aovs.add(Aov.DIFFUSE);
                // As the studio's PreviewDenoiser: the guide pass planned at 4 samples, so its guides average 16;
                // summed: planned at the samples so far (edges) or at 1 (no guide pass beyond the summed guides).
                int planned = !summed ? 4 : edges ? done + count : 1;
                TraceParameters passParameters = traceGuides ? new TraceParameters(p.width(), p.height(), planned, p.maxDepth(), p.seed(), p.open(),
                        p.close(), p.filter(), p.motion(), p.background(), p.ambientLight(), p.attenuation(), p.rayEpsilon(),
                        p.throughputCutoff(), p.rouletteWeight()) : p;
                long passStart = System.nanoTime();
                Frame f = r.accumulate(image, passParameters, done, count, aovs, ProgressListener.NONE);
                long passEnd = System.nanoTime();
                if (traceGuides) guides = f;
                done += count;
                float[] clean = null;
                if (summed && traceGuides) clean = new NlmDenoiser().denoise(DenoiseInput.of(f));
                else if (!summed && guides != null) clean = new NlmDenoiser().denoise(new DenoiseInput(w, h, f.radiance(),
                        f.variance(), guides.normals(), guides.albedo(), guides.depth()));
                double seconds = (System.nanoTime() - t0) / 1e9;
                long measuring = System.nanoTime();
                double denoised = clean == null ? Double.NaN : NoiseMeasurement.rmse(clean, ref);
                rows.add(String.format(Locale.ROOT, "%d,%.4f,%.4f,%.4f,%.4f,%.4f", done, seconds, NoiseMeasurement.rmse(f.radiance(), ref),
                        denoised, (passEnd - passStart) / 1e9, (measuring - passEnd) / 1e9));
                System.out.println(rows.get(rows.size() - 1));
                t0 += System.nanoTime() - measuring; // the RMSE is not part of the preview's time
                if (done >= 4) pass = Math.min(2 * pass, 32);
            }
        }
        Files.write(out, rows);
    }
}
