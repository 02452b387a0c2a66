package org.drtstudio.bench;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.Aov;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.AccelChoice;
import org.drtstudio.render.sampling.ShadowLights;
import org.drtstudio.render.sampling.ShadowLightsChoice;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.gl.GpuTimer;
import java.util.EnumSet;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.voxel.PortalBuilder;
import org.drtstudio.accel.voxel.PortalChoice;
import org.drtstudio.accel.voxel.PortalSpace;
import org.drtstudio.io.vox.VoxelScenes;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRayThroughput;
import org.drtstudio.render.cpu.PortalRays;
import org.drtstudio.render.gl.GlPortalRays;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.RayThroughput;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.voxel.VoxelModel;
import org.drtstudio.scene.VoxelSpace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * {@code drt bench --suite voxels}: voxel spaces traced through div portals against the same
 * voxels' faces in the geometry image ({@code --accel bvh}, the reference), with the paper's setup
 * (Edwards 2014: 720×360, one primary and two shadow rays a pixel) and at 1920×1080. Per scene:
 * build time and bytes of both structures; per resolution and structure: rays per second (primary
 * and shadow rays together) and, for portals, div steps per ray; portals built by the heuristic
 * and by the first cover (one fixed rasterisation), to measure the heuristic's effect, and by
 * the article's wall term and with every covering div a candidate ({@link PortalVariant}); and the
 * portal frame with shadow rays to each point's nearest light only, against every light. GPU figures
 * come from timer queries after a warm-up (wall time from dispatch to glFinish where the queries
 * read 0, as on llvmpipe); CPU figures use every core. Then the renderer's own
 * frame (one sample a pixel, shaded, with both lights' shadow rays: what {@code drt render} and the
 * studio run) with {@code --accel portals} against {@code --accel bvh}: GPU time from timer queries
 * and wall time; and the CPU tracer's frame with each (the studio's preview without a GPU).
 */
public final class VoxelBenchmark {
    /** Bump when scenes, views or measurements change, so old results are not compared with new ones. */
    public static final int VERSION = 5;
    private static final int[][] RESOLUTIONS = {{720, 360}, {1920, 1080}};

    private final int repeats;
    private final List<int[]> resolutions;
    private final List<VoxelView> views;

    /** @param onlySize one image size instead of the suite's two, or null */
    public VoxelBenchmark(int repeats, int[] onlySize) {
        this(repeats, onlySize, views());
    }

    VoxelBenchmark(int repeats, int[] onlySize, List<VoxelView> views) {
        this.repeats = repeats;
        this.resolutions = onlySize != null ? List.<int[]>of(onlySize) : Arrays.asList(RESOLUTIONS);
        this.views = views;
    }

    /** A benchmark scene: its voxels, the eye and where it looks, two lights. */
    record VoxelView(String name, VoxelSpace space, Vec3 eye, Vec3 look, float[] lights) {
    }

    static List<VoxelView> views() {
        List<VoxelView> v = new ArrayList<>();
        // A Wolfenstein-like level: 24 × 24 rooms of 3-voxel corridors, walls 4 high; the eye in a corridor.
        VoxelSpace maze = VoxelGenerators.maze(24, 3, 4, 2014);
        float top = maze.sizeY() + 8f, mid = maze.sizeX() / 2f;
        v.add(new VoxelView("maze", maze, new Vec3(2.5f, 2.5f, 2.5f), new Vec3(2.6f, 2.0f, 30f),
                new float[]{mid, top, mid + 0.5f, 10f, top, 20.5f}));
        v.add(new VoxelView("maze_above", maze, new Vec3(-20f, 45f, -20f), new Vec3(mid, 0f, mid),
                new float[]{mid, top, mid + 0.5f, 10f, top, 20.5f}));
        VoxelSpace caves = VoxelGenerators.caves(96, 0.45, 7);
        int[] e = caves.emptyCellNear(caves.sizeX() / 2f, caves.sizeY() / 2f, caves.sizeZ() / 4f);
        v.add(new VoxelView("caves96", caves, new Vec3(e[0] + 0.5f, e[1] + 0.5f, e[2] + 0.5f), new Vec3(48.3f, 40.2f, 90.1f),
                new float[]{e[0] + 0.5f, e[1] + 0.9f, e[2] + 0.5f, e[0] + 0.2f, e[1] + 0.5f, e[2] + 0.8f}));
        return v;
    }

    public Map<String, Object> run(Renderer renderer, java.io.PrintWriter progress) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("voxel_suite_version", VERSION);
        r.put("renderer", renderer == null ? "none" : renderer.description());
        GlRenderer gl = renderer instanceof GlRenderer g ? g : null;
        int threads = Runtime.getRuntime().availableProcessors();
        for (VoxelView view : views) {
            String key = view.name();
            progress.println("drt: voxels: " + key + " (" + view.space().sizeX() + "×" + view.space().sizeY() + "×"
                    + view.space().sizeZ() + ")");
            progress.flush();
            r.put(key + "_cells", view.space().cellCount());
            r.put(key + "_solid", view.space().solidCount());
            long t0 = System.nanoTime();
            Scene scene = scene(view);
            GeometryImage image = new GeometryImageBuilder().build(scene);
            r.put(key + "_bvh_build_ms", round((System.nanoTime() - t0) / 1e6));
            r.put(key + "_bvh_bytes", image.gpuBytes());
            r.put(key + "_bvh_triangles", image.triangleCount());
            Map<String, PortalSpace> portals = new LinkedHashMap<>();
            for (PortalVariant variant : PortalVariant.ALL) {
                long b0 = System.nanoTime();
                PortalSpace space = PortalBuilder.build(view.space(), variant.choice(), variant.candidates());
                String c = key + "_" + variant.key();
                r.put(c + "_build_ms", round((System.nanoTime() - b0) / 1e6));
                r.put(c + "_bytes", space.bytes());
                r.put(c + "_divs", space.divCount());
                portals.put(variant.key(), space);
            }
            for (int[] size : resolutions) {
                String at = key + "_" + size[0] + "x" + size[1];
                TraceParameters p = TraceParameters.of(scene.camera(), scene.settings().withSize(size[0], size[1]), image);
                float[] rays = PortalRays.cameraRays(p);
                for (Map.Entry<String, PortalSpace> e : portals.entrySet()) {
                    String c = at + "_" + e.getKey();
                    cpuPortals(e.getValue(), rays, view.lights(), threads, c, r);
                    if (gl != null) gpuPortals(gl, e.getValue(), rays, view.lights(), c, r);
                }
                if (gl != null) frames(gl, image, p, at, r);
                if (gl != null) nearestLightFrames(gl, image, p, at + "_frame_portals_nearest_light", r);
                cpuFrames(image, p, threads, at, r);
                try (CpuRenderer cpu = new CpuRenderer(threads, NodeKind.DEFAULT, AccelStructure.PORTALS)) {
                    nearestLightFrames(cpu, image, p, at + "_cpu_frame_portals_nearest_light", r);
                }
                CpuRayThroughput.Result cpu = CpuRayThroughput.run(image, p, 100f, threads);
                r.put(at + "_bvh_cpu_mrays_per_s", round((cpu.primary().rays() + cpu.shadow().rays())
                        / (cpu.primary().ms() + cpu.shadow().ms()) / 1e3));
                r.put(at + "_bvh_hits", cpu.primary().hits());
                if (gl != null) {
                    RayThroughput.Result g = RayThroughput.run(gl, image, p, 100f, repeats);
                    r.put(at + "_bvh_gpu_mrays_per_s", round((g.primary().rays() + g.shadow().rays())
                            / (g.primary().medianMs() + g.shadow().medianMs()) / 1e3));
                    r.put(at + "_bvh_gpu_ms", round(g.primary().medianMs() + g.shadow().medianMs()));
                }
            }
        }
        return r;
    }

    private void cpuPortals(PortalSpace space, float[] rays, float[] lights, int threads, String key, Map<String, Object> r) {
        int count = rays.length / PortalRays.RAY_FLOATS, chunks = Math.max(1, threads * 4);
        double best = Double.POSITIVE_INFINITY;
        float[][] parts = new float[chunks][];
        for (int rep = 0; rep < Math.max(1, Math.min(repeats, 3)); rep++) {
            long t0 = System.nanoTime();
            IntStream.range(0, chunks).parallel().forEach(c -> {
                int from = (int) ((long) count * c / chunks), to = (int) ((long) count * (c + 1) / chunks);
                parts[c] = PortalRays.trace(space, Arrays.copyOfRange(rays, from * PortalRays.RAY_FLOATS,
                        to * PortalRays.RAY_FLOATS), lights, 2);
            });
            best = Math.min(best, (System.nanoTime() - t0) / 1e6);
        }
        float[] results = new float[4 * count];
        for (int c = 0, o = 0; c < chunks; c++) {
            System.arraycopy(parts[c], 0, results, o, parts[c].length);
            o += parts[c].length;
        }
        long[] totals = totals(results);
        r.put(key + "_cpu_mrays_per_s", round(totals[0] / best / 1e3));
        r.put(key + "_steps_per_ray", round((double) totals[1] / totals[0]));
        r.put(key + "_hits", totals[2]);
    }

    private void gpuPortals(GlRenderer gl, PortalSpace space, float[] rays, float[] lights, String key, Map<String, Object> r) {
        double[] ms = new double[repeats];
        long[][] totals = {totals(GlPortalRays.measure(gl, space, rays, lights, 2, repeats, ms).results())};
        Arrays.sort(ms);
        double median = ms[ms.length / 2];
        r.put(key + "_gpu_mrays_per_s", round(totals[0][0] / median / 1e3));
        r.put(key + "_gpu_ms", round(median));
        r.put(key + "_gpu_steps_per_ray", round((double) totals[0][1] / totals[0][0]));
    }

    /**
     * The renderer's frame with each structure: medians over {@code repeats} frames after one to
     * build and upload and a warm-up of frames back to back, of the tracing dispatches' GPU time (timer queries; llvmpipe's read about 0)
     * and of the wall time of the whole render call (upload check, trace, resolve, readback).
     */
    private void frames(GlRenderer gl, GeometryImage image, TraceParameters p, String key, Map<String, Object> r) {
        AccelStructure was = gl.accel();
        float[][] pictures = new float[2][];
        try {
            for (AccelStructure s : List.of(AccelStructure.BVH,
                    AccelStructure.PORTALS)) {
                gl.useAccel(s);
                pictures[s == AccelStructure.BVH ? 0 : 1] = gl.render(image, p,
                        EnumSet.of(Aov.RADIANCE), ProgressListener.NONE).radiance();
                // Frames back to back until the GPU's clock has risen (GpuTimer.CLOCK_WARM_UP_MS says why).
                long warm = System.nanoTime();
                while ((System.nanoTime() - warm) / 1e6 < GpuTimer.CLOCK_WARM_UP_MS)
                    gl.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
                double[] gpu = new double[repeats], wall = new double[repeats];
                for (int i = 0; i < repeats; i++) {
                    long t0 = System.nanoTime();
                    gl.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
                    wall[i] = (System.nanoTime() - t0) / 1e6;
                    gpu[i] = gl.lastTraceGpuMillis();
                }
                Arrays.sort(gpu);
                Arrays.sort(wall);
                String k = key + "_frame_" + s.cliName();
                r.put(k + "_gpu_ms", round(gpu[repeats / 2]));
                r.put(k + "_wall_ms", round(wall[repeats / 2]));
            }
            // The two pictures must agree: the share of radiance values more than 1e-3 apart.
            int differ = 0;
            for (int i = 0; i < pictures[0].length; i++) if (Math.abs(pictures[0][i] - pictures[1][i]) > 1e-3f) differ++;
            r.put(key + "_frame_portals_values_differing", round((double) differ / pictures[0].length));
        } catch (RenderException e) {
            r.put(key + "_frame_error", e.getMessage());
        } finally {
            gl.useAccel(was);
        }
    }

    /**
     * The CPU tracer's frame (the studio's preview on a machine without a GPU) with each structure:
     * the best wall time of {@code min(repeats, 3)} frames after one that builds.
     */
    private void cpuFrames(GeometryImage image, TraceParameters p, int threads, String key, Map<String, Object> r) {
        for (AccelStructure s : List.of(AccelStructure.BVH,
                AccelStructure.PORTALS)) {
            try (CpuRenderer cpu = new CpuRenderer(threads,
                    NodeKind.DEFAULT, s)) {
                var aovs = EnumSet.of(Aov.RADIANCE);
                cpu.render(image, p, aovs, ProgressListener.NONE);
                double best = Double.POSITIVE_INFINITY;
                for (int i = 0; i < Math.max(1, Math.min(repeats, 3)); i++) {
                    long t0 = System.nanoTime();
                    cpu.render(image, p, aovs, ProgressListener.NONE);
                    best = Math.min(best, (System.nanoTime() - t0) / 1e6);
                }
                r.put(key + "_cpu_frame_" + s.cliName() + "_ms", round(best));
            } catch (Exception e) {
                r.put(key + "_cpu_frame_error", e.getMessage());
            }
        }
    }

    /**
     * The renderer's portal frame with shadow rays to the nearest light only ({@link ShadowLights#NEAREST})
     * against every light: the best wall time of each over {@code min(repeats, 3)} frames after one,
     * and how the picture changes (the share of radiance values more than 1e-3 apart, and the mean
     * absolute difference over the mean).
     */
    private void nearestLightFrames(Renderer renderer, GeometryImage image, TraceParameters p, String key, Map<String, Object> r) {
        AccelChoice accel = (AccelChoice) renderer;
        ShadowLightsChoice shadows = (ShadowLightsChoice) renderer;
        AccelStructure was = accel.accel();
        float[][] pictures = new float[2][];
        try {
            accel.useAccel(AccelStructure.PORTALS);
            for (ShadowLights lights : ShadowLights.values()) {
                shadows.useShadowLights(lights);
                var aovs = EnumSet.of(Aov.RADIANCE);
                pictures[lights.ordinal()] = renderer.render(image, p, aovs, ProgressListener.NONE).radiance();
                double best = Double.POSITIVE_INFINITY;
                for (int i = 0; i < Math.max(1, Math.min(repeats, 3)); i++) {
                    long t0 = System.nanoTime();
                    renderer.render(image, p, aovs, ProgressListener.NONE);
                    best = Math.min(best, (System.nanoTime() - t0) / 1e6);
                }
                r.put(key + (lights == ShadowLights.ALL ? "_all_lights" : "") + "_wall_ms", round(best));
            }
            int differ = 0;
            double diff = 0, sum = 0;
            for (int i = 0; i < pictures[0].length; i++) {
                float d = Math.abs(pictures[0][i] - pictures[1][i]);
                if (d > 1e-3f) differ++;
                diff += d;
                sum += pictures[0][i];
            }
            r.put(key + "_values_differing", round((double) differ / pictures[0].length));
            r.put(key + "_mean_difference", round(diff / Math.max(sum, 1e-9)));
        } catch (RenderException e) {
            r.put(key + "_error", e.getMessage());
        } finally {
            shadows.useShadowLights(ShadowLights.ALL);
            accel.useAccel(was);
        }
    }

    /** Rays launched (primary + 2 shadow rays per hit), div steps, primary hits. */
    private static long[] totals(float[] results) {
        long rays = 0, steps = 0, hits = 0;
        for (int i = 0; i < results.length; i += 4) {
            boolean hit = results[i] >= 0;
            rays += hit ? 3 : 1;
            hits += hit ? 1 : 0;
            steps += (long) results[i + 2];
        }
        return new long[]{rays, steps, hits};
    }

    /** The voxels' faces with the view's camera and its two lights (as point lights, for the shadow rays). */
    static Scene scene(VoxelView view) {
        Scene s = VoxelScenes.of(view.name(), new VoxelModel(view.name(), view.space(), VoxelGenerators.palette()));
        float[] l = view.lights();
        List<Light> lights = List.of(new PointLight(new Vec3(l[0], l[1], l[2]), Vec3.ONE, 1f),
                new PointLight(new Vec3(l[3], l[4], l[5]), Vec3.ONE, 1f));
        return s.withCamera(new Camera(view.eye(), view.look(), new Vec3(0, 1, 0), 60f, 0f, 0f)).withLights(lights);
    }

    /** One way of building the portals, measured under its own key. */
    record PortalVariant(String key, PortalChoice choice, int candidates) {
        static final List<PortalVariant> ALL = List.of(
                new PortalVariant("portals", PortalChoice.LONGEST_EXPECTED_RAY, PortalBuilder.DEFAULT_CANDIDATES),
                new PortalVariant("portals_first_cover", PortalChoice.FIRST_COVER, PortalBuilder.DEFAULT_CANDIDATES),
                new PortalVariant("portals_wall_term", PortalChoice.LENGTH_OVER_EXIT_CHANCE, PortalBuilder.DEFAULT_CANDIDATES),
                new PortalVariant("portals_all_candidates", PortalChoice.LONGEST_EXPECTED_RAY, PortalBuilder.ALL_CANDIDATES),
                new PortalVariant("portals_wall_term_all_candidates", PortalChoice.LENGTH_OVER_EXIT_CHANCE,
                        PortalBuilder.ALL_CANDIDATES));
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
