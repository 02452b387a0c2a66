package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.KernelTimingProbe;
import org.drtstudio.render.gl.RayThroughput;
import org.drtstudio.scene.Scene;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Runs {@link KernelTimingProbe} on suite scenes with the suite's own views and settings (the
 * measurement question of docs/BENCHMARKS.md): first the suite's ray benchmark as {@code drt bench}
 * runs it, then the probe. A tool for the GPU machine, not part of {@code drt bench}:
 * {@code java -cp drt.jar org.drtstudio.bench.TimingProbeMain DATA_DIR bunny,bunny_1m [WxH]}.
 */
public final class TimingProbeMain {
    private TimingProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args.length > 0 ? args[0] : "../shared/data");
        List<String> names = args.length > 1 ? Arrays.asList(args[1].split(",")) : List.of("bunny", "bunny_1m");
        String[] size = (args.length > 2 ? args[2] : "1920x1080").split("x");
        int width = Integer.parseInt(size[0]), height = Integer.parseInt(size[1]);
        SuiteScenes.Selection sel = SuiteScenes.load(false, data, names);
        sel.skipped().forEach((n, why) -> System.out.println("skipped " + n + ": " + why));
        try (GlRenderer gpu = GlRenderer.start()) {
            System.out.println("renderer: " + gpu.description());
            for (SuiteScenes.Loaded loaded : sel.scenes()) {
                Scene base = loaded.scene();
                GeometryImageBuilder builder = new GeometryImageBuilder();
                GeometryImage plain = builder.build(base);
                Scene viewed = loaded.closeUp() < 1f ? BenchSetup.closeUp(base, loaded.closeUp()) : base;
                Scene effects = BenchSetup.withEffects(viewed, plain.sceneRadius());
                GeometryImage image = builder.build(effects);
                TraceParameters rays = TraceParameters.of(effects.camera(), effects.settings().withSize(width, height), image);
                RayThroughput.Result t = RayThroughput.run(gpu, image, rays, BenchSetup.glossyExponent(), 5);
                System.out.printf(Locale.ROOT, "%d %s suite ray benchmark: primary %.4f ms %.0f Mrays/s (%s), shadow %.0f, glossy %.0f%n",
                        System.currentTimeMillis(), loaded.name(), t.primary().medianMs(), t.primary().mraysPerSecond(),
                        t.primary().timerQuery() ? "timer query" : "wall clock", t.shadow().mraysPerSecond(), t.glossy().mraysPerSecond());
                KernelTimingProbe.run(gpu, image, rays, loaded.name(), System.out);
            }
        }
    }
}
