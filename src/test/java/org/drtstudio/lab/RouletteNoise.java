package org.drtstudio.lab;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.WhittedLab;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Russian roulette's noise against its cost ({@link org.drtstudio.render.sampling.Roulette}): per
 * scene and roulette setting (weight, first depth), the 16-spp RMSE against a reference without
 * roulette (mean over seeds), the rays traced and the CPU seconds, with the glossy split a hardware
 * GPU uses (1) or the CPU tracers' (2). The GPU's equal-time figure combines the RMSE with the
 * frame times `drt bench --suite full` measures for the same settings.
 *
 * <p>{@code RouletteNoise SPLIT REFSPP SCENE...}: a scene is an NFF or project file, or VARIANT@FILE
 * for one of {@link NoiseMeasurement#variants()} made from it (all-three@scenes/default.nff), or
 * bench@FILE for drt bench's all-effects frame of it. Settings from
 * -Droulette.settings=off,0.25/1,1/1,0.5/0,1/0 (weight/first depth).
 */
public final class RouletteNoise {
    private static final int SPP = 16, SEEDS = 3;
    /** -Droulette.size=WxH; the smoke test measures a tiny frame. */
    private static final int W = size(0), H = size(1);

    private RouletteNoise() {
    }

    public static void main(String[] args) throws Exception {
        int split = Integer.parseInt(args[0]), refSpp = Integer.parseInt(args[1]);
        String[] settings = System.getProperty("roulette.settings", "off,0.25/1,1/1,0.5/0,1/0").split(",");
        int threads = Integer.getInteger("noise.threads", 2);
        System.out.printf(Locale.ROOT, "scene,setting,split,rmse16,rays_per_sample,cpu_s%n");
        for (int a = 2; a < args.length; a++) {
            Scene s = scene(args[a]);
            s = s.withSettings(s.settings().withSize(W, H));
            GeometryImage image = new GeometryImageBuilder().build(s);
            WhittedLab.Result ref = WhittedLab.render(image, parameters(s, image, refSpp, 1_000_003L, 0f), split, 1, threads);
            for (String setting : settings) {
                float weight = setting.equals("off") ? 0f : Float.parseFloat(setting.split("/")[0]);
                int fromDepth = setting.equals("off") ? 0 : Integer.parseInt(setting.split("/")[1]);
                double rmse = 0, seconds = 0, rays = 0;
                for (int seed = 1; seed <= SEEDS; seed++) {
                    WhittedLab.Result r = WhittedLab.render(image, parameters(s, image, SPP, seed, weight), split, fromDepth, threads);
                    rmse += NoiseMeasurement.rmse(r.radiance(), ref.radiance()) / SEEDS;
                    seconds += r.cpuSeconds() / SEEDS;
                    rays += (double) r.rays() / ((double) W * H * SPP) / SEEDS;
                }
                System.out.printf(Locale.ROOT, "%s,%s,%d,%.4f,%.3f,%.3f%n", args[a], setting, split, rmse, rays, seconds);
            }
        }
    }

    private static int size(int axis) {
        return Integer.parseInt(System.getProperty("roulette.size", "160x120").split("x")[axis]);
    }

    private static Scene scene(String arg) throws Exception {
        int at = arg.indexOf('@');
        if (at < 0) return SceneLoader.load(Path.of(arg)).scene();
        Scene base = SceneLoader.load(Path.of(arg.substring(at + 1))).scene();
        String name = arg.substring(0, at);
        if (name.equals("bench")) {
            // drt bench's all-effects frame (BenchSetup): lens, soft light, every material glossy.
            return org.drtstudio.bench.BenchSetup.withEffects(base, new GeometryImageBuilder().build(base).sceneRadius());
        }
        List<String> names = new ArrayList<>();
        for (var v : NoiseMeasurement.variants()) {
            if (v.name().equals(name)) return v.make().apply(base);
            names.add(v.name());
        }
        throw new IllegalArgumentException("no noise variant '" + name + "'; there are " + names);
    }

    private static TraceParameters parameters(Scene s, GeometryImage image, int spp, long seed, float rouletteWeight) {
        var settings = s.settings().withSampling(spp, s.settings().maxDepth(), seed);
        return TraceParameters.of(s.camera(), s.camera(), settings, image, PixelFilter.BOX).withRouletteWeight(rouletteWeight);
    }
}
