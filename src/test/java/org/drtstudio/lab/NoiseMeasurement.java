package org.drtstudio.lab;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.Aov;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Denoiser;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Material;
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
import java.util.function.UnaryOperator;

/**
 * Noise per sample, measured: RMSE (0–255, on the tone-mapped sRGB picture) of renders at a few
 * sample counts against a high-sample reference of the same renderer, averaged over seeds, on the
 * default scene with depth of field, soft shadows, glossy reflection and all three. Used for the
 * sampling and denoising tables of docs/RESULTS.md (how to run it: {@link #main}).
 */
public final class NoiseMeasurement {
    private NoiseMeasurement() {
    }

    /** One measured variant of a scene: a name and how it is made from the base scene. */
    record Variant(String name, UnaryOperator<Scene> make) {
    }

    static List<Variant> variants() {
        UnaryOperator<Scene> dof = s -> s.withCamera(s.camera().withLens(0.15f, 6.9f));
        UnaryOperator<Scene> soft = s -> s.withLights(s.lights().stream().map(l -> l.withRadius(1f)).toList());
        UnaryOperator<Scene> glossy = NoiseMeasurement::glossy;
        return List.of(new Variant("depth-of-field", dof), new Variant("soft-shadows", soft),
                new Variant("glossy", glossy), new Variant("all-three", s -> glossy.apply(soft.apply(dof.apply(s)))));
    }

    /** Every reflective material made glossy (roughness 0.15): the measured "glossy" scene, also used by tests. */
    public static Scene glossy(Scene s) {
        List<Material> ms = new ArrayList<>();
        for (Material m : s.materials()) ms.add(m.reflectivity() > 0 ? m.withRoughness(0.15f) : m);
        return new Scene(s.name(), s.root(), ms, s.lights(), s.camera(), s.settings());
    }

    /** Mean of {@code spp} samples of every pixel with the given seed, as linear radiance and sRGB. */
    static Frame render(Renderer r, GeometryImage image, Scene s, int w, int h, int spp, long seed, Set<Aov> aovs)
            throws Exception {
        var settings = s.settings().withSize(w, h).withSampling(spp, s.settings().maxDepth(), seed);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), settings, image, PixelFilter.BOX);
        return r.render(image, p, aovs, ProgressListener.NONE);
    }

    /** Root mean square difference of two linear RGB images after the sRGB curve (unrounded), on the 0–255 scale. */
    public static double rmse(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double d = 255.0 * (srgb(a[i]) - srgb(b[i]));
            sum += d * d;
        }
        return Math.sqrt(sum / a.length);
    }

    private static double srgb(float linear) {
        double c = Math.min(Math.max(linear, 0f), 1f);
        return c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
    }

    static void writeFloats(Path file, float[] v) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length);
        b.asFloatBuffer().put(v);
        Files.write(file, b.array());
    }

    private static float[] readFloats(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
        float[] v = new float[b.capacity() / 4];
        b.asFloatBuffer().get(v);
        return v;
    }

    /**
     * {@code reference SCENE DIR SPP [W H]}: writes each variant's reference radiance to DIR;
     * {@code measure SCENE DIR [W H]}: prints a table row per variant, the RMSE at 4, 16 and 64 spp
     * (mean over four seeds) against those references, and writes the 16-spp pictures to DIR.
     */
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path scenePath = Path.of(args[1]);
        Path dir = Path.of(args[2]);
        int a = mode.equals("reference") ? 4 : 3;
        int refSpp = mode.equals("reference") ? Integer.parseInt(args[3]) : 0;
        int w = args.length > a + 1 ? Integer.parseInt(args[a]) : 160, h = args.length > a + 1 ? Integer.parseInt(args[a + 1]) : 120;
        String label = System.getProperty("noise.label", "run");
        // -Dnoise.denoise=true: the renders are denoised (NlmDenoiser) before they are compared.
        boolean denoise = Boolean.getBoolean("noise.denoise");
        // -Dnoise.counts=16,64 and -Dnoise.seeds=N narrow the measurement.
        int[] counts = Arrays.stream(System.getProperty("noise.counts", "4,16,64").split(",")).mapToInt(Integer::parseInt).toArray();
        int seeds = Integer.getInteger("noise.seeds", 4);
        Files.createDirectories(dir);
        Scene base = SceneLoader.load(scenePath).scene();
        Set<Aov> radiance = EnumSet.of(Aov.RADIANCE);
        Set<Aov> traced = denoise ? DenoiseInput.NEEDED : radiance;
        try (CpuRenderer r = new CpuRenderer()) {
            if (!mode.equals("reference")) {
                System.out.printf(Locale.ROOT, "| scene | %s |%n", String.join(" | ", Arrays.stream(counts)
                        .mapToObj(c -> "RMSE at " + c + " spp").toList()));
            }
            for (Variant v : variants()) {
                Scene s = v.make().apply(base);
                GeometryImage image = new GeometryImageBuilder().build(s);
                if (mode.equals("reference")) {
                    long t0 = System.nanoTime();
                    Frame ref = render(r, image, s, w, h, refSpp, 1_000_003L, radiance);
                    writeFloats(dir.resolve(v.name() + ".ref"), ref.radiance());
                    PngWriter.write(dir.resolve(v.name() + "-ref.png"), w, h, ref.srgb());
                    System.out.printf(Locale.ROOT, "%s: %d spp in %.1f s%n", v.name(), refSpp, (System.nanoTime() - t0) / 1e9);
                    continue;
                }
                float[] ref = readFloats(dir.resolve(v.name() + ".ref"));
                StringBuilder row = new StringBuilder("| " + v.name() + " |");
                for (int spp : counts) {
                    double sum = 0;
                    for (int seed = 1; seed <= seeds; seed++) {
                        Frame f = render(r, image, s, w, h, spp, seed, traced);
                        if (denoise) f = Denoiser.apply(new NlmDenoiser(), f);
                        sum += rmse(f.radiance(), ref);
                        if (seed == 1 && spp == 16) PngWriter.write(dir.resolve(v.name() + "-16spp-" + label + ".png"), w, h, f.srgb());
                    }
                    row.append(String.format(Locale.ROOT, " %.2f |", sum / seeds));
                }
                System.out.println(row);
            }
        }
    }
}
