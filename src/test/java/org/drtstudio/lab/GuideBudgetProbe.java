package org.drtstudio.lab;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.image.exr.TinyExr;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.denoise.GuideBudget;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.embree.EmbreeWalk;
import org.drtstudio.scene.Scene;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the CPU tracer's edge guides ({@link GuideBudget}) cost and give at a picture size: a denoised
 * render of the scene's all-three variant per budget, its render and filter seconds and its RMSE
 * against a reference EXR (`drt render`'s, e.g. {@code scripts/denoise-equal-time.sh}'s), seed 1,
 * two threads, Embree's walk where installed. Each budget is run twice; the second round is the
 * one to read (the first warms the JIT).
 * <pre>scripts/lab.sh GuideBudgetProbe SCENE REF.exr W H SPP PERxCAP...</pre>
 */
public final class GuideBudgetProbe {
    private GuideBudgetProbe() {
    }

    public static void main(String[] args) throws Exception {
        Scene s = HeldoutDenoise.variant(SceneLoader.load(Path.of(args[0])).scene(), "all-three");
        float[] ref = PictureError.rgb(TinyExr.decode(Files.readAllBytes(Path.of(args[1]))), args[1]);
        int w = Integer.parseInt(args[2]), h = Integer.parseInt(args[3]), spp = Integer.parseInt(args[4]);
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = NoiseCurves.parameters(s, image, w, h, spp, 1);
        for (int round = 0; round < 2; round++) {
            for (int k = 5; k < args.length; k++) {
                String[] f = args[k].split("x");
                GuideBudget budget = new GuideBudget(Integer.parseInt(f[0]), Integer.parseInt(f[1]));
                try (CpuRenderer r = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.DEFAULT, new EmbreeWalk(), budget)) {
                    long t0 = System.nanoTime();
                    Frame frame = r.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
                    long t1 = System.nanoTime();
                    float[] clean = new NlmDenoiser().denoise(DenoiseInput.of(frame));
                    long t2 = System.nanoTime();
                    System.out.printf(Locale.ROOT, "%s round %d budget %s: render %.2f s, filter %.2f s, plain %.4f, denoised %.4f%n",
                            Path.of(args[0]).getFileName(), round, args[k], (t1 - t0) / 1e9, (t2 - t1) / 1e9,
                            NoiseMeasurement.rmse(frame.radiance(), ref), NoiseMeasurement.rmse(clean, ref));
                }
            }
        }
    }
}
