package org.drtstudio.bench;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.AccelChoice;
import org.drtstudio.render.Aov;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code drt bench --suite spheres}: the OpenCL sphere caster's benchmark. 100, 1,000 and 10,000
 * random spheres ({@link RandomSpheres}) at 800×800, one camera ray per pixel, flat shading (each
 * pixel its sphere's colour, no shadow rays: the paper's naive version, not its facing-ratio look),
 * frames per second per acceleration structure; an analogue of the paper's measurement, not its scene. A
 * frame is {@link Renderer#render} end to end: trace and read the picture back, as the paper's
 * frame rate includes showing it. The paper's figures (brute force on a consumer GPU) go beside
 * ours in the JSON and in docs/BENCHMARKS.md.
 */
public final class SpheresBenchmark {
    public static final int[] COUNTS = {100, 1_000, 10_000};
    /**
     * The structures a tracer that can switch ({@link AccelChoice}) is timed with, every one the
     * renderer offers; a tracer that cannot is timed as it is, under its own structure's name.
     */
    static List<AccelStructure> structures(Renderer renderer) {
        return renderer instanceof AccelChoice ? AccelStructure.forMeshes() : List.of(AccelStructure.DEFAULT);
    }

    /**
     * The paper's frame rates (brute force, consumer GPU) where it states one. None for 100 spheres: a
     * "> 144 fps" once written here is not in the paper (issue 42).
     */
    static final Map<Integer, String> PAPER_FPS = Map.of(10_000, "45");

    private final int width, height, frames;
    private final long seed;

    /** @param frames timed frames per scene and structure (after one untimed), median reported */
    public SpheresBenchmark(int width, int height, int frames, long seed) {
        if (width < 1 || height < 1 || frames < 1) throw new IllegalArgumentException("spheres suite: size and frames must be positive");
        this.width = width;
        this.height = height;
        this.frames = frames;
        this.seed = seed;
    }

    public Map<String, Object> run(Renderer renderer, PrintWriter log) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("width", width);
        out.put("height", height);
        out.put("frames", frames);
        out.put("seed", seed);
        out.put("renderer", renderer.description());
        for (int count : COUNTS) {
            Scene scene = RandomSpheres.generate(count, seed).flatScene(width, height);
            long t0 = System.nanoTime();
            GeometryImage image = GeometryImagePacker.pack(scene);
            double buildMs = (System.nanoTime() - t0) / 1e6;
            TraceParameters params = TraceParameters.of(scene.camera(), scene.settings(), image);
            Map<String, Object> byStructure = new LinkedHashMap<>();
            for (AccelStructure accel : structures(renderer)) {
                if (renderer instanceof AccelChoice choice) choice.useAccel(accel);
                String structure = accel.cliName();
                Stopwatch.Stats frame = Stopwatch.time(frames, () -> renderer.render(image, params, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE));
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("fps", 1000.0 / frame.medianMs());
                r.put("frame_ms_median", frame.medianMs());
                r.put("frame_ms_p95", frame.p95Ms());
                r.put("build_ms", buildMs);
                if (PAPER_FPS.containsKey(count)) r.put("paper_fps", PAPER_FPS.get(count));
                byStructure.put(structure, r);
                log.printf(Locale.ROOT, "spheres %,6d  %-6s %8.2f fps (%.1f ms a frame; build %.0f ms)%n", count, structure,
                        1000.0 / frame.medianMs(), frame.medianMs(), buildMs);
                log.flush();
            }
            out.put("spheres_" + count, byStructure);
        }
        return out;
    }
}
