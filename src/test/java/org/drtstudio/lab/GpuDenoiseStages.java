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

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;

/**
 * Where a denoised GPU call's time goes beside a plain one (issue 40: at equal GPU time the
 * denoiser gains less than per sample). Each round renders the scene's all-three variant plainly,
 * then with the denoiser's inputs, then filters them (the inputs read back and sent up again), then
 * asks for {@link Aov#DENOISED} (filtered where they were made), printing the wall time of each and
 * the renderer's stages ({@link GlRenderer#lastStageReport}: trace, read, denoise, frame, ...).
 * <pre>scripts/lab.sh GpuDenoiseStages SCENE W H SPP [ROUNDS]</pre>
 */
public final class GpuDenoiseStages {
    private GpuDenoiseStages() {
    }

    public static void main(String[] args) throws Exception {
        Scene s = NoiseMeasurement.variants().get(3).make().apply(SceneLoader.load(Path.of(args[0])).scene());
        int w = Integer.parseInt(args[1]), h = Integer.parseInt(args[2]), spp = Integer.parseInt(args[3]);
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        GeometryImage image = new GeometryImageBuilder().build(s);
        try (GlRenderer r = GlRenderer.start()) {
            System.out.println("# " + r.description());
            for (int round = 1; round <= rounds; round++) {
                TraceParameters p = NoiseCurves.parameters(s, image, w, h, spp, round);
                long t0 = System.nanoTime();
                r.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
                long t1 = System.nanoTime();
                System.out.printf(Locale.ROOT, "plain %.1f ms %s%n", (t1 - t0) / 1e6, r.lastStageReport());
                Frame f = r.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
                long t2 = System.nanoTime();
                System.out.printf(Locale.ROOT, "with the denoiser's inputs %.1f ms %s%n", (t2 - t1) / 1e6, r.lastStageReport());
                DenoiseInput in = DenoiseInput.of(f);
                long t3 = System.nanoTime();
                r.denoiser().denoise(in);
                long t4 = System.nanoTime();
                System.out.printf(Locale.ROOT, "filter %.1f ms; the denoised call through the host %.1f ms%n", (t4 - t3) / 1e6, (t4 - t1) / 1e6);
                long t5 = System.nanoTime();
                r.render(image, p, EnumSet.of(Aov.DENOISED), ProgressListener.NONE);
                long t6 = System.nanoTime();
                System.out.printf(Locale.ROOT, "denoised on the GPU %.1f ms %s%n", (t6 - t5) / 1e6, r.lastStageReport());
            }
        }
    }
}
