package org.drtstudio.lab;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.gl.FrameSchedule;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;

/**
 * How closely the GPU's two frame schedules agree on a real driver (tests compare them on llvmpipe):
 * {@code scripts/lab.sh ScheduleAgreement SCENE W H SPP [VARIANT]} renders SCENE with depth of field,
 * soft shadows and glossy reflection (NoiseMeasurement's "all three", or the variant named) by the
 * frame kernel and by the wavefront, and prints how many radiance values differ, by how much, and
 * each schedule's GPU time; then how many values of the denoiser's split ({@link DiffuseSplit}) and
 * guides (albedo, normal) the two schedules and the CPU tracer give alike.
 */
public final class ScheduleAgreement {
    private ScheduleAgreement() {
    }

    /** "k of n values" equal within 1e-3 relative (1e-5 absolute). */
    private static String alike(float[] a, float[] b) {
        int same = 0;
        for (int i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) <= 1e-5f + 1e-3f * Math.abs(b[i])) same++;
        return String.format(Locale.ROOT, "%,d of %,d values", same, a.length);
    }

    public static void main(String[] args) throws Exception {
        Scene base = SceneLoader.load(Path.of(args[0])).scene();
        int w = Integer.parseInt(args[1]), h = Integer.parseInt(args[2]), spp = Integer.parseInt(args[3]);
        String variant = args.length > 4 ? args[4] : "all-three";
        Scene s = NoiseMeasurement.variants().stream().filter(v -> v.name().equals(variant)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no variant " + variant)).make().apply(base);
        s = s.withSettings(s.settings().withSize(w, h).withSampling(spp, s.settings().maxDepth(), 1));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        try (GlRenderer gl = GlRenderer.start()) {
            float[][] radiance = new float[2][];
            Frame[] guided = new Frame[2];
            FrameSchedule[] schedules = {FrameSchedule.KERNEL, FrameSchedule.WAVEFRONT};
            for (int k = 0; k < 2; k++) {
                gl.useFrameSchedule(schedules[k]);
                Frame f = gl.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
                f = gl.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
                radiance[k] = f.radiance();
                guided[k] = gl.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
                System.out.printf(Locale.ROOT, "%s: traced by %s, GPU %.1f ms%n", schedules[k], gl.lastFrameSchedule(), gl.lastTraceGpuMillis());
            }
            int differing = 0;
            double maxAbs = 0, sumAbs = 0, sumSq = 0;
            for (int i = 0; i < radiance[0].length; i++) {
                double d = Math.abs(Math.min(radiance[0][i], 1f) - Math.min(radiance[1][i], 1f));
                if (radiance[0][i] != radiance[1][i]) differing++;
                maxAbs = Math.max(maxAbs, Math.abs(radiance[0][i] - radiance[1][i]));
                sumAbs += d;
                sumSq += d * d;
            }
            int n = radiance[0].length;
            System.out.printf(Locale.ROOT, "%s (%,d primitives, %d lights) %dx%d %d spp on %s: %d of %d radiance values differ; max |difference| %.3g, "
                            + "mean %.3g of full scale, PSNR %.1f dB%n", args[0], image.primitiveCount(), image.lightCount(), w, h, spp, gl.info().renderer(), differing, n,
                    maxAbs, sumAbs / n, 10 * Math.log10(1 / Math.max(sumSq / n, 1e-30)));
            Frame cpu;
            try (CpuRenderer c = new CpuRenderer()) {
                cpu = c.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
            }
            System.out.printf(Locale.ROOT, "denoiser's split, diffuse part: kernel and wavefront alike on %s; wavefront and CPU on %s%n",
                    alike(guided[0].split().diffuse(), guided[1].split().diffuse()), alike(guided[1].split().diffuse(), cpu.split().diffuse()));
            System.out.printf(Locale.ROOT, "guides, albedo: kernel and wavefront alike on %s; wavefront and CPU on %s%n",
                    alike(guided[0].albedo(), guided[1].albedo()), alike(guided[1].albedo(), cpu.albedo()));
            System.out.printf(Locale.ROOT, "guides, normal: kernel and wavefront alike on %s; wavefront and CPU on %s%n",
                    alike(guided[0].normals(), guided[1].normals()), alike(guided[1].normals(), cpu.normals()));
        }
    }
}
