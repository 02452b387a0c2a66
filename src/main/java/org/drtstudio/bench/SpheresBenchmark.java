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
import org.drtstudio.scene.SphereLayout;
import org.drtstudio.scene.SphereShading;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code drt bench --suite spheres}: the OpenCL sphere caster's benchmark. 100, 1,000 and 10,000
 * random spheres ({@link RandomSpheres}, this program's cube or with {@code --layout paper} the paper's
 * scene) at 800×800 or over the 16:9 sweep ({@link #SIXTEEN_NINE}), one camera ray per pixel, flat
 * shading (the paper's naive version) or the facing ratio (its shipped look), frames per second per
 * acceleration structure, brute force ({@link AccelStructure#BRUTE}) among them. A still frame is
 * {@link Renderer#render} end to end, trace and read back, the median of {@code frames} after one
 * untimed; the moving-camera run ({@link MovingCamera}) renders its frames one after the other and
 * reports frames over the whole run's time. The paper's figures (brute force on a consumer GPU) go
 * beside ours in the JSON and in docs/BENCHMARKS.md.
 */
public final class SpheresBenchmark {
    public static final List<Integer> COUNTS = List.of(100, 1_000, 10_000);
    /** The 16:9 sizes of the resolution sweep, smallest first: the common ladder, not sizes the paper is quoted to name. */
    public static final List<int[]> SIXTEEN_NINE = List.of(new int[]{640, 360}, new int[]{1280, 720}, new int[]{1920, 1080},
            new int[]{2560, 1440}, new int[]{3840, 2160});

    /**
     * What to measure.
     *
     * @param structures    the structures to time, or empty for every one the renderer offers ({@link #structures})
     * @param sizes         the image sizes, each {width, height}
     * @param frames        timed still frames per scene, structure and size (after one untimed), median reported
     * @param movingFrames  0 for still frames; else the frames of one moving-camera run per scene, structure and size
     * @param sweep         whether the results go by size ("640x360": …) even when one size is left
     */
    public record Plan(SphereLayout layout, SphereShading shading, List<Integer> counts, List<AccelStructure> structures,
                       List<int[]> sizes, int frames, int movingFrames, boolean sweep) {
        public Plan {
            counts = List.copyOf(counts);
            structures = List.copyOf(structures);
            sizes = List.copyOf(sizes);
            if (counts.isEmpty() || sizes.isEmpty()) throw new IllegalArgumentException("spheres suite: no counts or no sizes");
            for (int c : counts) {
                String problem = RandomSpheres.countProblem(c);
                if (problem != null) throw new IllegalArgumentException("--counts: " + problem);
            }
            for (int[] wh : sizes) {
                if (wh[0] < 1 || wh[1] < 1) throw new IllegalArgumentException("spheres suite: sizes must be positive");
            }
            if (frames < 1) throw new IllegalArgumentException("--frame-repeats must be at least 1, got " + frames);
            if (movingFrames < 0 || movingFrames > MAX_MOVING_FRAMES)
                throw new IllegalArgumentException("--frames must be 1 to " + String.format("%,d", MAX_MOVING_FRAMES) + ", got " + movingFrames);
        }

        /** Issue 16's run: the cube, flat, every structure, one size. */
        public static Plan still(int width, int height, int frames) {
            return new Plan(SphereLayout.CUBE, SphereShading.FLAT, COUNTS, List.of(), List.<int[]>of(new int[]{width, height}), frames, 0, false);
        }
    }

    /** A moving-camera run longer than this is a soak test, not a benchmark. */
    public static final int MAX_MOVING_FRAMES = 100_000;

    /**
     * The structures a tracer that can switch ({@link AccelChoice}) is timed with: every one the
     * renderer offers for meshes and brute force; a tracer that cannot is timed as it is, under its
     * own structure's name.
     */
    static List<AccelStructure> structures(Renderer renderer) {
        if (!(renderer instanceof AccelChoice)) return List.of(AccelStructure.DEFAULT);
        List<AccelStructure> all = new ArrayList<>(AccelStructure.forMeshes());
        all.add(AccelStructure.BRUTE);
        return all;
    }

    /**
     * The paper's frame rates (brute force, consumer GPU) where it states one. None for 100 spheres: a
     * "> 144 fps" once written here is not in the paper (issue 42).
     */
    static final Map<Integer, String> PAPER_FPS = Map.of(10_000, "45");

    private final Plan plan;
    private final long seed;

    public SpheresBenchmark(Plan plan, long seed) {
        this.plan = plan;
        this.seed = seed;
    }

    /** Issue 16's run at {@code width}×{@code height}. */
    public SpheresBenchmark(int width, int height, int frames, long seed) {
        this(Plan.still(width, height, frames), seed);
    }

    public Map<String, Object> run(Renderer renderer, PrintWriter log) throws Exception {
        List<AccelStructure> structures = plan.structures().isEmpty() ? structures(renderer) : plan.structures();
        if (!(renderer instanceof AccelChoice) && !plan.structures().isEmpty() && !structures.equals(List.of(AccelStructure.DEFAULT)))
            throw new IllegalArgumentException("this renderer walks only the " + AccelStructure.DEFAULT.cliName() + "; --accel cannot choose");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("layout", plan.layout().cliName());
        out.put("shading", plan.shading().cliName());
        boolean bySize = plan.sweep() || plan.sizes().size() > 1;
        if (!bySize) {
            out.put("width", plan.sizes().get(0)[0]);
            out.put("height", plan.sizes().get(0)[1]);
        }
        out.put(plan.movingFrames() > 0 ? "moving_frames" : "frames", plan.movingFrames() > 0 ? plan.movingFrames() : plan.frames());
        out.put("seed", seed);
        out.put("renderer", renderer.description());
        for (int[] size : plan.sizes()) {
            Map<String, Object> atSize = bySize ? new LinkedHashMap<>() : out;
            for (int count : plan.counts()) atSize.put("spheres_" + count, runCount(renderer, structures, count, size, log));
            if (atSize != out) out.put(size[0] + "x" + size[1], atSize);
        }
        return out;
    }

    private Map<String, Object> runCount(Renderer renderer, List<AccelStructure> structures, int count, int[] size, PrintWriter log) throws Exception {
        Scene scene = plan.shading().scene(RandomSpheres.generate(count, seed, plan.layout()), size[0], size[1]);
        long t0 = System.nanoTime();
        GeometryImage image = GeometryImagePacker.pack(scene);
        double buildMs = (System.nanoTime() - t0) / 1e6;
        Map<String, Object> byStructure = new LinkedHashMap<>();
        for (AccelStructure accel : structures) {
            if (renderer instanceof AccelChoice choice) choice.useAccel(accel);
            Map<String, Object> r = new LinkedHashMap<>();
            double fps;
            String detail;
            if (plan.movingFrames() > 0) {
                MovingCamera path = new MovingCamera(scene, image, plan.shading().headlight(), plan.movingFrames());
                render(renderer, scene, path, 0); // untimed: shader compilation and uploads
                long start = System.nanoTime();
                for (int i = 0; i < path.frames(); i++) render(renderer, scene, path, i);
                double seconds = (System.nanoTime() - start) / 1e9;
                fps = path.frames() / seconds;
                r.put("fps", fps);
                r.put("run_s", seconds);
                detail = String.format(Locale.ROOT, "%,d frames in %.1f s", path.frames(), seconds);
            } else {
                TraceParameters params = TraceParameters.of(scene.camera(), scene.settings(), image);
                Stopwatch.Stats frame = Stopwatch.time(plan.frames(), () -> renderer.render(image, params, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE));
                fps = 1000.0 / frame.medianMs();
                r.put("fps", fps);
                r.put("frame_ms_median", frame.medianMs());
                r.put("frame_ms_p95", frame.p95Ms());
                detail = String.format(Locale.ROOT, "%.1f ms a frame", frame.medianMs());
            }
            r.put("build_ms", buildMs);
            if (PAPER_FPS.containsKey(count)) r.put("paper_fps", PAPER_FPS.get(count));
            byStructure.put(accel.cliName(), r);
            log.printf(Locale.ROOT, "spheres %,6d  %-13s %4dx%-4d %8.2f fps (%s; build %.0f ms)%n", count, accel.cliName(), size[0], size[1],
                    fps, detail, buildMs);
            log.flush();
        }
        return byStructure;
    }

    private static void render(Renderer renderer, Scene scene, MovingCamera path, int i) throws Exception {
        GeometryImage image = path.image(i);
        TraceParameters params = TraceParameters.of(path.camera(i), scene.settings(), image);
        renderer.render(image, params, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
    }
}
