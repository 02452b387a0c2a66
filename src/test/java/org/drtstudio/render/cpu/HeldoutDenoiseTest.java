package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 40: the denoiser on a scene no setting was tuned on, made here from a fixed seed as
 * {@code scripts/heldout-scene.py} makes them (random spheres and standing star polygons of random
 * materials over a reflective floor) with depth of field, soft shadows and glossy reflection, rendered
 * by the production CPU tracer (Java walk, the CPU's guide budget): a 64×48 window of the 160×120
 * picture (the objects; a whole 64×48 picture is nearly all silhouettes, where no filter of a pixel's
 * own samples helps) at 16 spp. RMSE on the 0–255 sRGB scale against 512 spp of the same tracer,
 * summed over three render seeds. Measured: the denoiser before issue 40 (the plane fit, tight gates)
 * 0.803 of plain, with the other part fitted on the albedo ({@link NlmDenoiser.Settings#OTHER}) 0.746,
 * with the diffuse part fitted on the albedo too and its normal and depth gates loosened
 * ({@link NlmDenoiser.Settings#DIFFUSE}) 0.740; the bound sits between the last two (the renders are
 * deterministic, so the narrow gap still tells the two apart).
 */
class HeldoutDenoiseTest {
    /** The picture's size, and the window of it that is traced: where the objects stand. */
    private static final int W = 160, H = 120;
    private static final PixelWindow WINDOW = new PixelWindow(48, 40, 64, 48);

    @Test
    void denoisedErrorOnAnUnseenSceneIsAtMost0743OfPlain(@TempDir Path dir) throws Exception {
        Scene s = allEffects(load(dir, Long.getLong("hseed", 4040)));
        GeometryImage image = new GeometryImageBuilder().build(s);
        double plain = 0, denoised = 0;
        try (CpuRenderer r = CpuRenderer.production(2, WideWalk.INSTANCE)) {
            float[] ref = r.renderWindow(image, parameters(s, image, 512, 1_000_003L), WINDOW, EnumSet.of(Aov.RADIANCE),
                    ProgressListener.NONE).radiance();
            for (long seed = 1; seed <= 3; seed++) {
                Frame f = r.renderWindow(image, parameters(s, image, 16, seed), WINDOW, DenoiseInput.NEEDED, ProgressListener.NONE);
                plain += rmse(f.radiance(), ref);
                denoised += rmse(new NlmDenoiser().denoise(DenoiseInput.of(f)), ref);
            }
        }
        double ratio = denoised / plain;
        assertTrue(ratio <= 0.743, String.format(Locale.ROOT, "denoised %.3f / plain %.3f = %.3f", denoised, plain, ratio));
    }

    private static TraceParameters parameters(Scene s, GeometryImage image, int spp, long seed) {
        return TraceParameters.of(s.camera(), s.camera(), s.settings().withSize(W, H).withSampling(spp, s.settings().maxDepth(), seed),
                image, PixelFilter.BOX);
    }

    /** Depth of field (aperture 0.15 focused at 6.9), lights of radius 1, reflectors rough 0.15: the measured "all three". */
    private static Scene allEffects(Scene s) {
        List<Material> glossy = new ArrayList<>();
        for (Material m : s.materials()) glossy.add(m.reflectivity() > 0 ? m.withRoughness(0.15f) : m);
        return new Scene(s.name(), s.root(), glossy, s.lights().stream().map(l -> l.withRadius(1f)).toList(),
                s.camera().withLens(0.15f, 6.9f), s.settings());
    }

    private static Scene load(Path dir, long seed) throws Exception {
        Path file = dir.resolve("heldout.nff");
        Files.writeString(file, heldoutNff(new Random(seed)));
        return SceneLoader.load(file).scene();
    }

    /** The structure of scripts/heldout-scene.py (Java's random numbers, so not its scenes). */
    static String heldoutNff(Random r) {
        StringBuilder nff = new StringBuilder("v\nfrom 0 2.4 8\nat 0 0.7 0\nup 0 1 0\nangle 38\nhither 0.01\nresolution 160 120\n"
                + "b 0.2 0.25 0.35\n");
        nff.append(line("l %.2f %.2f %.2f 1 0.95 0.9", u(r, -6, 6), u(r, 6, 10), u(r, 2, 8)));
        nff.append(line("l %.2f %.2f %.2f 0.5 0.55 0.6", u(r, -8, 8), u(r, 4, 8), u(r, -4, 6)));
        nff.append(line("f %.2f %.2f %.2f 0.8 0.3 20 0 1", u(r, .4, .9), u(r, .4, .9), u(r, .4, .9)));
        nff.append("p 4\n-12 0 -12\n-12 0 12\n12 0 12\n12 0 -12\n");
        String[] kinds = {"0.9 0 1 0 1", "0.1 0.9 40 0 1", "0.1 0.1 40 0.9 1.5", "0.7 0.15 30 0 1"};
        for (int i = 0; i < 14; i++) {
            String kind = kinds[r.nextInt(kinds.length)];
            nff.append(line("f %.2f %.2f %.2f " + kind, u(r, .2, .95), u(r, .2, .95), u(r, .2, .95)));
            double x = u(r, -4, 4), z = u(r, -5, 3), radius = u(r, .25, .9);
            if (r.nextDouble() < 0.6) {
                nff.append(line("s %.3f %.3f %.3f %.3f", x, radius, z, radius));
                continue;
            }
            int n = 5 + r.nextInt(3);
            double outer = radius * 1.4, y0 = outer + 0.05, a0 = u(r, 0, 6.28), rot = u(r, 0, 3.14);
            nff.append("p ").append(2 * n).append('\n');
            for (int k = 0; k < 2 * n; k++) {
                double rr = k % 2 == 0 ? outer : outer * 0.45, a = a0 + k * Math.PI / n;
                double pu = rr * Math.cos(a), pv = rr * Math.sin(a);
                nff.append(line("%.3f %.3f %.3f", x + pu * Math.cos(rot), y0 + pv, z + pu * Math.sin(rot)));
            }
        }
        return nff.toString();
    }

    private static double u(Random r, double lo, double hi) {
        return lo + (hi - lo) * r.nextDouble();
    }

    private static String line(String format, Object... values) {
        return String.format(Locale.ROOT, format, values) + "\n";
    }

    /** RMSE on the 0–255 scale of the sRGB picture, as docs/RESULTS.md measures (the lab's one definition). */
    private static double rmse(float[] a, float[] b) {
        return org.drtstudio.lab.NoiseMeasurement.rmse(a, b);
    }
}
