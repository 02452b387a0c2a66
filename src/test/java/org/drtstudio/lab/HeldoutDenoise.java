package org.drtstudio.lab;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.Frame;
import org.drtstudio.render.denoise.GuideBudget;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.ToneMapper;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.embree.EmbreeWalk;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.scene.Scene;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;

/**
 * The denoiser on scenes it was not tuned on (issue 40), with the production CPU tracer (Embree's
 * walk where installed, the CPU guide budget) as {@code drt render --denoise} runs it. The frame is
 * captured once and the denoiser run on it offline, so filter changes are compared on the same noise.
 * <ul>
 *   <li>{@code reference SCENE VARIANT W H SPP OUT.ref}: the variant's radiance at SPP (seed 1000003);
 *       {@code gpu-reference} the same from the GPU tracer, its twin (for references at 1080p);</li>
 *   <li>{@code capture SCENE VARIANT W H SPP SEED OUT.bin}: one render with the denoiser's inputs,
 *       saved, and its CPU seconds;</li>
 *   <li>{@code eval OUT.bin REF [MAPS]}: RMSE (0–255 sRGB, {@link NoiseMeasurement#rmse}) of the plain and
 *       the denoised picture, before and after the diffuse part's change ({@link #before}); with MAPS a
 *       PNG sheet of the reference, plain, denoised and their error maps;</li>
 *   <li>{@code cost OUT.bin}: the CPU seconds of the denoiser before and after on the captured frame
 *       tiled to 1920×1080 (best of three; its threads are the common pool's, two on two cores).</li>
 * </ul>
 * VARIANT is one of {@link NoiseMeasurement#variants()} ("all-three": depth of field, soft shadows,
 * glossy) or "as-is"; -Dnoise.threads the threads (default 2); -Dnoise.guides=PERxCAP captures with
 * that guide budget instead of the production one (16x256: the GPU's; 64x1024: near-exact guides).
 */
public final class HeldoutDenoise {
    private HeldoutDenoise() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.getInteger("noise.threads", 2);
        switch (args[0]) {
            case "reference", "capture" -> {
                Scene s = variant(SceneLoader.load(Path.of(args[1])).scene(), args[2]);
                int w = Integer.parseInt(args[3]), h = Integer.parseInt(args[4]), spp = Integer.parseInt(args[5]);
                boolean reference = args[0].equals("reference");
                long seed = reference ? 1_000_003L : Long.parseLong(args[6]);
                Path out = Path.of(args[reference ? 6 : 7]);
                GeometryImage image = new GeometryImageBuilder().build(s);
                TraceParameters p = NoiseCurves.parameters(s, image, w, h, spp, seed);
                EmbreeWalk.available();
                try (CpuRenderer r = renderer(threads)) {
                    double cpu0 = cpuSeconds();
                    Frame f = r.render(image, p, reference ? EnumSet.of(Aov.RADIANCE) : DenoiseInput.NEEDED, ProgressListener.NONE);
                    double seconds = cpuSeconds() - cpu0;
                    if (reference) NoiseMeasurement.writeFloats(out, f.radiance());
                    else write(DenoiseInput.of(f), out);
                    System.out.printf(Locale.ROOT, "%s %s %dx%d %d spp: %.2f CPU s%n", args[0], args[2], w, h, spp, seconds);
                }
            }
            case "gpu-reference" -> {
                Scene s = variant(SceneLoader.load(Path.of(args[1])).scene(), args[2]);
                int w = Integer.parseInt(args[3]), h = Integer.parseInt(args[4]), spp = Integer.parseInt(args[5]);
                GeometryImage image = new GeometryImageBuilder().build(s);
                TraceParameters p = NoiseCurves.parameters(s, image, w, h, spp, 1_000_003L);
                try (GlRenderer r = GlRenderer.start()) {
                    NoiseMeasurement.writeFloats(Path.of(args[6]), r.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE).radiance());
                    System.out.printf(Locale.ROOT, "gpu-reference %s %dx%d %d spp on %s%n", args[2], w, h, spp, r.description());
                }
            }
            case "eval" -> eval(read(Path.of(args[1])), NoiseCurves.readFloats(Path.of(args[2])),
                    args.length > 3 ? args[3] : null);
            case "cost" -> cost(read(Path.of(args[1])));
            default -> throw new IllegalArgumentException("mode " + args[0] + ": reference, gpu-reference, capture, eval or cost");
        }
    }

    /**
     * The production tracer, or with -Dnoise.guides=PERxCAP its walk with that guide budget
     * ({@link GuideBudget}): how far more exact guides would take the denoiser.
     */
    private static CpuRenderer renderer(int threads) {
        String guides = System.getProperty("noise.guides");
        if (guides == null) return CpuRenderer.production(threads, new EmbreeWalk());
        String[] f = guides.split("x");
        return new CpuRenderer(threads, org.drtstudio.render.NodeKind.DEFAULT, org.drtstudio.accel.AccelStructure.DEFAULT,
                new EmbreeWalk(), new GuideBudget(Integer.parseInt(f[0]), Integer.parseInt(f[1])));
    }

    static Scene variant(Scene base, String name) {
        if (name.equals("as-is")) return base;
        return NoiseMeasurement.variants().stream().filter(v -> v.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("variant " + name)).make().apply(base);
    }

    /**
     * The denoiser before the diffuse part's looser gates and albedo fit, for before/after rows from
     * one run: the diffuse part's old settings (5×5, k 0.5, cos⁶⁴, depth 0.05, no fit), the rest as now.
     */
    static NlmDenoiser before() {
        return new NlmDenoiser(NlmDenoiser.Settings.DEFAULT, new NlmDenoiser.Settings(2, 0.5f, 64f, 0.05f, 0.3f, 1e-3f, 0.02f, false),
                NlmDenoiser.Settings.OTHER);
    }

    private static void cost(DenoiseInput small) {
        int w = 1920, h = 1080, sw = small.width(), sh = small.height();
        float[][] from = {small.radiance(), small.variance(), small.normals(), small.albedo(), small.depth(),
                small.split().diffuse(), small.split().diffuseVariance(), small.split().otherVariance(), small.split().ownAlbedo()};
        float[][] to = new float[from.length][];
        for (int k = 0; k < from.length; k++) {
            int c = from[k].length / (sw * sh);
            to[k] = new float[c * w * h];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    System.arraycopy(from[k], c * ((y % sh) * sw + x % sw), to[k], c * (y * w + x), c);
                }
            }
        }
        DenoiseInput in = new DenoiseInput(w, h, to[0], to[1], to[2], to[3], to[4], new DiffuseSplit(to[5], to[6], to[7], to[8]));
        for (String name : java.util.List.of("before", "after")) {
            double best = Double.MAX_VALUE;
            for (int run = 0; run < 3; run++) {
                NlmDenoiser d = name.equals("before") ? before() : new NlmDenoiser();
                double cpu0 = cpuSeconds();
                d.denoise(in);
                best = Math.min(best, cpuSeconds() - cpu0);
            }
            System.out.printf(Locale.ROOT, "%s: 1920x1080 denoised in %.2f CPU s%n", name, best);
        }
    }

    private static void eval(DenoiseInput in, float[] ref, String maps) throws IOException {
        double plain = NoiseMeasurement.rmse(in.radiance(), ref);
        float[] old = before().denoise(in);
        float[] clean = new NlmDenoiser().denoise(in);
        System.out.printf(Locale.ROOT, "plain %.4f before %.4f (%.3f) after %.4f (%.3f)%n", plain,
                NoiseMeasurement.rmse(old, ref), NoiseMeasurement.rmse(old, ref) / plain,
                NoiseMeasurement.rmse(clean, ref), NoiseMeasurement.rmse(clean, ref) / plain);
        System.out.println("  plain:    " + breakdown(in, in.radiance(), ref));
        System.out.println("  denoised: " + breakdown(in, clean, ref));
        if (maps == null) return;
        int w = in.width(), h = in.height();
        byte[][] panels = {ToneMapper.toSrgb(ref, w * h), ToneMapper.toSrgb(in.radiance(), w * h),
                ToneMapper.toSrgb(clean, w * h), errorMap(in.radiance(), ref), errorMap(clean, ref)};
        int zoom = 3, cols = 3, pw = w * zoom, ph = h * zoom, sheetW = cols * pw, sheetH = 2 * ph;
        byte[] sheet = new byte[4 * sheetW * sheetH];
        for (int k = 0; k < panels.length; k++) {
            for (int y = 0; y < ph; y++) {
                for (int x = 0; x < pw; x++) {
                    System.arraycopy(panels[k], 4 * ((y / zoom) * w + x / zoom), sheet,
                            4 * (((k / cols) * ph + y) * sheetW + (k % cols) * pw + x), 4);
                }
            }
        }
        PngWriter.write(Path.of(maps + ".png"), sheetW, sheetH, sheet);
    }

    /** Where the squared error is: background pixels' share, and the share of the worst 1 % and 10 % of pixels. */
    private static String breakdown(DenoiseInput in, float[] a, float[] ref) {
        int n = in.width() * in.height();
        double[] e = new double[n];
        double total = 0, background = 0;
        for (int p = 0; p < n; p++) {
            e[p] = 3 * Math.pow(NoiseMeasurement.rmse(java.util.Arrays.copyOfRange(a, 3 * p, 3 * p + 3),
                    java.util.Arrays.copyOfRange(ref, 3 * p, 3 * p + 3)), 2);
            total += e[p];
            if (Float.isInfinite(in.depth()[p])) background += e[p];
        }
        double edges = 0;
        int edgeCount = 0;
        for (int p = 0; p < n; p++) {
            if (!onEdge(in, p)) continue;
            edges += e[p];
            edgeCount++;
        }
        java.util.Arrays.sort(e);
        double top1 = 0, top10 = 0;
        for (int k = 0; k < n / 10; k++) {
            if (k < n / 100) top1 += e[n - 1 - k];
            top10 += e[n - 1 - k];
        }
        return String.format(Locale.ROOT, "background %.2f, worst 1%% %.2f, worst 10%% %.2f, guide edges (%.2f of the pixels) %.2f"
                + " of the squared error; RMSE off the edges %.3f", background / total, top1 / total, top10 / total,
                edgeCount / (double) n, edges / total, Math.sqrt((total - edges) / (3.0 * n)));
    }

    /** Whether a neighbour's guides differ from pixel p's (albedo by 0.05, normal by about 18°, depth by 5 %, or a miss). */
    private static boolean onEdge(DenoiseInput in, int p) {
        int w = in.width(), h = in.height(), x = p % w, y = p / w;
        float[] a = in.albedo(), nn = in.normals(), z = in.depth();
        for (int qy = Math.max(0, y - 1); qy <= Math.min(h - 1, y + 1); qy++) {
            for (int qx = Math.max(0, x - 1); qx <= Math.min(w - 1, x + 1); qx++) {
                int q = qy * w + qx;
                if (Float.isInfinite(z[p]) != Float.isInfinite(z[q])) return true;
                if (Float.isInfinite(z[p])) continue;
                float cos = nn[3 * p] * nn[3 * q] + nn[3 * p + 1] * nn[3 * q + 1] + nn[3 * p + 2] * nn[3 * q + 2];
                float da = Math.abs(a[3 * p] - a[3 * q]) + Math.abs(a[3 * p + 1] - a[3 * q + 1]) + Math.abs(a[3 * p + 2] - a[3 * q + 2]);
                if (cos < 0.95f || da > 0.05f || Math.abs(z[p] - z[q]) > 0.05f * z[p]) return true;
            }
        }
        return false;
    }

    /** Per pixel the sRGB error's largest channel, 0–32 levels as black to white. */
    private static byte[] errorMap(float[] a, float[] ref) {
        byte[] srgbA = ToneMapper.toSrgb(a, a.length / 3), srgbR = ToneMapper.toSrgb(ref, ref.length / 3);
        byte[] out = new byte[srgbA.length];
        for (int p = 0; p < out.length / 4; p++) {
            int e = 0;
            for (int c = 0; c < 3; c++) e = Math.max(e, Math.abs((srgbA[4 * p + c] & 255) - (srgbR[4 * p + c] & 255)));
            byte v = (byte) Math.min(255, e * 8);
            out[4 * p] = v;
            out[4 * p + 1] = v;
            out[4 * p + 2] = v;
            out[4 * p + 3] = (byte) 255;
        }
        return out;
    }

    private static double cpuSeconds() {
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os.getProcessCpuTime() / 1e9;
    }

    private static void write(DenoiseInput in, Path out) throws IOException {
        try (var o = new DataOutputStream(new java.io.BufferedOutputStream(Files.newOutputStream(out)))) {
            o.writeInt(in.width());
            o.writeInt(in.height());
            DiffuseSplit s = in.split();
            float[][] arrays = {in.radiance(), in.variance(), in.normals(), in.albedo(), in.depth(),
                    s.diffuse(), s.diffuseVariance(), s.otherVariance(), s.ownAlbedo()};
            for (float[] a : arrays) {
                o.writeInt(a.length);
                for (float v : a) o.writeFloat(v);
            }
        }
    }

    static DenoiseInput read(Path file) throws IOException {
        try (var i = new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(file)))) {
            int w = i.readInt(), h = i.readInt();
            float[][] a = new float[9][];
            for (int k = 0; k < a.length; k++) {
                a[k] = new float[i.readInt()];
                for (int j = 0; j < a[k].length; j++) a[k][j] = i.readFloat();
            }
            return new DenoiseInput(w, h, a[0], a[1], a[2], a[3], a[4], new DiffuseSplit(a[5], a[6], a[7], a[8]));
        }
    }
}
