package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.image.ExrPicture;
import org.drtstudio.io.image.ImageFormat;
import org.drtstudio.io.support.FrameNumbering;
import org.drtstudio.io.support.IoReason;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.OutputTarget;
import org.drtstudio.io.support.WriteBehind;
import org.drtstudio.render.WorkEstimate;
import org.drtstudio.render.adaptive.AdaptiveRender;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.adaptive.SampleCountSummary;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.ViewTransform;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.accel.grid.GridResolution;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.render.GpuSelection;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.cfg.CfgDevice;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.sampling.ShadowLights;
import org.drtstudio.accel.voxel.PortalBuild;
import org.drtstudio.accel.voxel.PortalShapes;
import org.drtstudio.render.sampling.ShadowLightsChoice;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.AnimatedScene;
import org.drtstudio.scene.authored.AnimationSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code drt render SCENE [-o OUT.png] …}: renders a still (at {@code --time T}, default 0) or a
 * frame range to PNG. Frame {@code f} shows the scene at {@code f / fps} seconds and is rendered
 * with seed {@link AnimationSettings#frameSeed}(seed, f), so a frame's pixels do not depend on which
 * other frames are rendered, in which order, or by which process.
 */
@Command(name = "render", description = "Render a scene to PNG, JPEG, PPM or OpenEXR (and optional AOVs as PFM, or as layers of the EXR).")
final class RenderCommand implements Callable<Integer> {
    private final RendererFactory renderers;

    @Mixin
    SceneOptions options;
    @Mixin
    OutputLevel level = new OutputLevel();
    @Mixin
    EnvironmentOptions environment = new EnvironmentOptions();
    @Mixin
    HierarchyBuildOption hierarchyBuild = new HierarchyBuildOption("auto");
    @Mixin
    GroundPlaneOptions ground = new GroundPlaneOptions();
    @Option(names = {"-o", "--output"}, paramLabel = "OUT.png",
            description = "output image, .png, .jpg, .jpeg, .ppm (binary P6) or .exr (OpenEXR: linear, scene-referred radiance, "
                    + "with --aov's outputs as layers of the same file) (default: the scene's name .png); with --frames, the last run "
                    + "of # in the name becomes the frame number (####: 0007); "
                    + "only a regular file (or nothing) is replaced")
    Path output;
    @Option(names = "--backend", paramLabel = "auto|gpu|cpu",
            description = "gpu (OpenGL compute), cpu (reference tracer) or auto (gpu, else cpu with a notice; the default, "
                    + "unless a .cfg scene's ARCH says cpu or gpu)")
    String backend;
    @Option(names = "--aov", paramLabel = "LIST", split = ",",
            description = "extra outputs as PFM beside OUT (with -o OUT.exr: as layers of the EXR, depth.Z, normal.X/Y/Z, albedo.R/G/B, "
                    + "noisy.R/G/B, variance.Y, samples.Y, diffuse.R/G/B): depth (OUT.depth.pfm, distance to the first hit, +Inf on a miss), "
                    + "normal (OUT.normal.pfm, world-space unit normal of the first hit, or on a perfect mirror or glass "
                    + "of what it shows, 0 on a miss), "
                    + "albedo (OUT.albedo.pfm, diffuse colour of the same surface, textures included, times the mirror's "
                    + "or glass's reflectance, 0 on a miss), "
                    + "noisy (OUT.noisy.pfm, the linear radiance before --denoise), "
                    + "variance (OUT.variance.pfm, per-pixel variance of the mean luminance), "
                    + "samples (OUT.samples.pfm, samples each pixel took, and OUT.samples.png, the same as a heat map), "
                    + "diffuse (OUT.diffuse.pfm, the light those surfaces' diffuse colours reflect: the rest of the radiance "
                    + "is highlights, reflections, refractions and background)")
    List<String> aovs = new ArrayList<>();
    @Option(names = "--exposure", paramLabel = "STOPS",
            description = "exposure of the 8-bit picture in stops: the radiance times 2^STOPS before the view transform (default 0); "
                    + "EXR and PFM outputs stay scene-referred")
    float exposure;
    @Option(names = "--view", paramLabel = "standard|agx",
            description = "display transform of the 8-bit picture: standard (clamp to white, the default) or agx (filmic: AgX, "
                    + "highlights roll off to white instead of clipping; also: filmic)")
    String view = "standard";
    @Option(names = "--exr-precision", paramLabel = "half|float",
            description = "how an .exr output stores its colour channels: half (16-bit float, the default) or float (32-bit); "
                    + "depth and normals are always 32-bit")
    String exrPrecision = "half";
    @Option(names = "--denoise",
            description = "smooth the picture with a non-local means filter guided by normal, albedo, depth and "
                    + "per-pixel variance (GPU or CPU, like the tracer); --aov noisy keeps the picture before it")
    boolean denoise;
    @Option(names = "--noise-threshold", paramLabel = "T",
            description = "adaptive sampling: a pixel stops taking samples once the relative standard error of its mean "
                    + "(and its neighbours') is at most T, e.g. 0.02, after at least " + AdaptiveSampling.DEFAULT_MIN_SAMPLES
                    + "; --spp is the most any pixel takes; prints where the samples went (0, the default: off)")
    Double noiseThreshold;
    @Option(names = "--time", paramLabel = "T",
            description = "render the animation at T seconds (default 0; static scenes look the same at every time)")
    Double time;
    @Option(names = "--frames", paramLabel = "A-B",
            description = "render frames A..B into OUT with its last run of # replaced by the frame number; frame f is the scene at "
                    + "f / fps seconds (fps from the project, 24 for other files), rendered with a seed mixed from --seed and f")
    String frames;
    @Option(names = "--shutter", paramLabel = "OPEN,CLOSE",
            description = "exposure of each frame for motion blur, as fractions of a frame after the frame's time, "
                    + "-1 <= OPEN <= CLOSE <= 1 (default: the project's, else 0,0.5); 0,0 turns motion blur off")
    String shutter;
    @Option(names = "--filter", paramLabel = "box|tent|gaussian",
            description = "pixel reconstruction filter: box (the pixel's square), tent (radius 1 pixel) or gaussian (sigma 0.5 pixel); "
                    + "default: the project's, else box")
    String filter;
    @Option(names = "--nodes", paramLabel = "boxes|spheres",
            description = "node bounds walked: boxes (a box tree walked nearer child first, with the triangles in leaf order: the default and fastest) or spheres "
                    + "(the geometry image's bounding spheres); the image is the same")
    String nodes;
    @Option(names = "--throw-back", paramLabel = "RATIO",
            description = "with --nodes spheres: the DRT paper's non-binary sphere tree, each child sphere of at least RATIO "
                    + "times its parent's radius thrown back into the parent (0 < RATIO <= 1; e.g. 0.9)")
    Float throwBack;
    @Option(names = "--accel", paramLabel = "bvh|grid|octree|octree-report|brute|portals",
            description = "structure walked inside each mesh: bvh (the geometry image's hierarchy, the default), grid (a uniform "
                    + "grid and 3D-DDA), octree (a skip-list octree, primitives copied into every box they touch), "
                    + "octree-report (the CUDA octree report's: primitives straddling a box's children stay in the box), "
                    + "brute (the OpenCL sphere caster's brute force: every ray against every primitive, for measurements) "
                    + "or portals (voxel models through their div portals, other meshes as bvh); the image is the same "
                    + "(docs/ACCEL.md, docs/BENCHMARKS.md, docs/VOXELS.md compare them)")
    String accel;
    @Option(names = "--portal-build", paramLabel = "heuristic|wall-term|first-cover",
            description = "with --accel portals: how a portal texel picks among the divs holding the cell beyond it: heuristic "
                    + "(the longest expected ray, the default), wall-term (the div-portal article's: that length over the chance "
                    + "of reaching a portal rather than a wall) or first-cover (the div that first covered the cell); the image is the same")
    String portalBuild;
    @Option(names = "--portal-candidates", paramLabel = "N|all",
            description = "with --accel portals: the covering divs a portal texel looks at (default 16, all: every one); the image is the same")
    String portalCandidates;
    @Option(names = "--shadow-lights", paramLabel = "all|nearest",
            description = "lights each shaded point sends shadow rays to: all (the default) or nearest (only the light nearest "
                    + "the point, as the div-portal article lights its levels: fewer shadow rays, the other lights dropped there; "
                    + "the image changes)")
    String shadowLights;
    @Option(names = "--gpus", paramLabel = "all|N|0,2|device=N",
            description = "GPUs each frame is split across, in tiles from one queue (default all; N: the first N; device=1: GPU 1 alone; "
                    + "0,0 opens two contexts on GPU 0); the image is the same on any number")
    String gpus;
    @Option(names = "--threads", paramLabel = "N",
            description = "CPU tracer: render on N threads (default: one per core; a .cfg's NUM_CPU_THREADS sets it too)")
    Integer threads;
    @Option(names = {"-v", "--verbose"},
            description = "print more: the import's phases, each frame's settings, and after each frame the report the CUDA octree "
                    + "report's tracer prints: the scene's extent, with --accel octree its box count and the most triangles in a box, "
                    + "the lights, and each GPU's time")
    boolean verbose;
    @Option(names = "--grid-cells", paramLabel = "N",
            description = "with --accel grid: N cells on every axis of each mesh's grid instead of about "
                    + "2 cells per primitive shaped like its bounds (1 to 1024)")
    Integer gridCells;
    @Option(names = "--grid-insert", paramLabel = "triangles|boxes",
            description = "with --accel grid: list a triangle in the cells it overlaps (triangles, the exact test, the default) "
                    + "or in every cell its bounding box touches (boxes); the image is the same")
    String gridInsert;
    @Option(names = "--traversal", paramLabel = "paired|single",
            description = "GPU: trace a pixel's camera rays one by one (single, the default) or two at a time through the "
                    + "hierarchy (paired, the DRT paper's parallel traversal; slower here, see docs/RESULTS.md); the image is the same")
    String traversal;
    @Option(names = "--region", paramLabel = "X,Y,W,H",
            description = "render only the W x H pixels whose top-left pixel is (X, Y) (y down from the top row) of the whole "
                    + "image, with the whole image's camera and per-pixel seeds: regions put side by side are the whole "
                    + "image bit for bit (a render farm's tiles); not with --denoise or --noise-threshold")
    String region;
    @Option(names = "--max-work", paramLabel = "SAMPLES", converter = SampleCountConverter.class,
            description = "refuse a render of more camera samples (width × height × spp × frames) than this, "
                    + "before it starts (default 1e11)")
    long maxWork = WorkEstimate.DEFAULT_MAX_SAMPLES;
    @Option(names = "--force",
            description = "render even beyond --max-work and the 10,000-frame limit (memory is still checked)")
    boolean force;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Told each picture once it and its AOVs are written (the render farm seals each frame of a run as it lands). */
    java.util.function.Consumer<Path> written = picture -> { };

    RenderCommand(RendererFactory renderers) {
        this.renderers = renderers;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        // What the render opened is closed after its message is out: a tracer started beside a load that failed
        // is closed once its start ends, and the user should not wait for that to read why.
        int code = 1;
        try {
            code = renderSaying(err);
        } finally {
            // A failure while closing after a failure already said adds nothing; after a success it is the result.
            try {
                new CommandResources().close();
            } catch (OutOfMemoryError e) {
                if (code == 0) code = OutOfMemory.report(err);
            } catch (RuntimeException e) {
                if (code == 0) throw e;
            }
        }
        return code;
    }

    /** The render, its failures said in one line each with their exit codes. */
    private int renderSaying(PrintWriter err) {
        try {
            try {
                return render(err);
            } catch (Throwable t) {
                sayFailedWrite(t, err);
                throw t;
            }
        } catch (UsageProblem | SceneFormatException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        } catch (RenderException e) {
            // a tracer's worker that ran out of heap ends the render through its exception
            if (OutOfMemory.causedBy(e)) return OutOfMemory.report(err);
            err.println("drt: render failed: " + e.getMessage());
            return 1;
        } catch (OutputProblem e) {
            err.println("drt: cannot write " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("drt: cannot write output: " + IoReason.of(e));
            return 1;
        } catch (OutOfMemoryError e) {
            // The estimate leaves slack, but textures and the scene also live on the heap: the one line of every command.
            return OutOfMemory.report(err);
        }
    }

    /** A frame's write that failed while the next frame's trace failed too (its failure is the one thrown): said first. */
    private static void sayFailedWrite(Throwable t, PrintWriter err) {
        IOException w = WriteBehind.failedWrite(t);
        if (w instanceof OutputProblem p) err.println("drt: cannot write " + p.getMessage());
        else if (w != null) err.println("drt: cannot write output: " + IoReason.of(w));
    }

    /** Closes what the command opened and did not close itself: the hierarchy builder's GL context, a tracer not taken. */
    private final class CommandResources implements AutoCloseable {
        @Override
        public void close() {
            try {
                if (linearBvh != null) linearBvh.close();
            } finally {
                if (earlyTracer != null) earlyTracer.close();
            }
        }
    }

    private int render(PrintWriter err) throws UsageProblem, SceneFormatException, RenderException, IOException {
        builder = null;
        textures = null;
        linearBvh = null;
        earlyTracer = null;
        gpuBuilderStartMillis = 0;
        tracerWaitMillis = 0;
        RendererFactory.Backend given = parseBackend();
        try {
            // auto, the default, waits for the scene: only a large mesh on a GPU is worth a GL context here.
            if (!hierarchyBuild.isAuto()) linearBvh = hierarchyBuild.applyTo(builder(), renderers);
        } catch (IllegalArgumentException e) {
            throw new UsageProblem(e.getMessage());
        }
        level.check(verbose);
        Set<Aov> wanted = parseAovs();
        int[] range = parseFrames();
        if (time != null && !Double.isFinite(time)) throw new UsageProblem("--time must be a finite number, got " + time);
        if (time != null && range != null) throw new UsageProblem("use either --time (one still) or --frames (a sequence), not both");
        PixelFilter pixelFilter = parseFilter();
        AdaptiveSampling adaptive = parseNoiseThreshold();
        TracerOptions tracer = tracerOptions();
        ShadowLights shadows = parseShadowLights();
        GpuSelection givenGpus = gpuSelection();
        Integer givenThreads = cpuThreads();
        if (region != null && (denoise || adaptive.enabled())) {
            throw new UsageProblem("--region cannot be used with --denoise or --noise-threshold: both look at pixels across the region's edge");
        }
        Path out = output != null ? output : Path.of(baseName(options.sceneName().getFileName().toString()) + ".png");
        if (range != null && (out.getFileName() == null || !FrameNumbering.hasRun(out.getFileName().toString()))) {
            throw new UsageProblem("--frames needs an output name with #### for the frame number, e.g. -o out_####.png");
        }
        checkOutputs(range == null ? out : Path.of(frameName(out.toString(), range[0])), wanted);
        ExrPicture.Precision precision = parseExrPrecision();
        ViewTransform viewTransform = parseView();
        earlyTracer = startTracerBesideTheLoad(given, givenGpus, givenThreads, tracer);
        long loadStart = System.nanoTime();
        AnimatedScene animated = options.load(err);
        if (environment.given()) {
            checkEnvironment(animated);
            animated = environment.apply(animated);
        }
        if (ground.given()) animated = ground.apply(animated, sceneAt(animated, 0));
        CfgDeviceChoice.Choice devices = CfgDeviceChoice.apply(options.cfgDevice, options.scene, given, givenGpus, givenThreads,
                note -> err.println("drt: " + note));
        RendererFactory.Backend choice = devices.backend();
        tracer = tracer.withGpus(devices.gpus()).withCpuThreads(devices.cpuThreads());
        if (shutter != null) animated = animated.withAnimation(parseShutter(animated.animation()));
        Scene firstScene = sceneAt(animated, range == null ? stillTime() : animated.animation().frameTime(range[0]));
        boolean cpuRender = choice == RendererFactory.Backend.CPU;
        if (hierarchyBuild.opensGlFor(firstScene.root(), cpuRender)) {
            // One GL start at a time: the tracer's has nearly always ended by now (the load takes longer); what is
            // left of it counts as the tracer's start.
            long w0 = System.nanoTime();
            if (earlyTracer != null) earlyTracer.awaitStart();
            tracerWaitMillis = TimedPhase.since(w0);
            long s0 = System.nanoTime();
            linearBvh = hierarchyBuild.applyAutoTo(builder(), renderers, firstScene.root(), cpuRender);
            gpuBuilderStartMillis = TimedPhase.since(s0); // a context opened to find it software counts too
        }
        RenderSettings size = firstScene.settings();
        PixelWindow window = parseRegion(size.width(), size.height());
        Set<Aov> traced = EnumSet.noneOf(Aov.class);
        traced.addAll(wanted);
        if (denoise) traced.add(Aov.DENOISED);
        if (adaptive.enabled()) traced.add(Aov.SAMPLES);
        boolean exr = isExr(out);
        // The picture itself is the linear radiance in an EXR, and a view transform makes the 8-bit one from it: the traced
        // radiance, or when denoising the filtered one (the traced one then comes back only for --aov noisy).
        if ((exr || !viewTransform.isDefault()) && !denoise) traced.add(Aov.RADIANCE);
        WorkEstimate work = WorkEstimate.of(size.width(), size.height(), size.samplesPerPixel(),
                range == null ? 1 : (long) range[1] - range[0] + 1, traced);
        RenderLimits.check(work, maxWork, force, WorkEstimate.availableHeap());

        int first = range == null ? 0 : range[0], last = range == null ? 0 : range[1];
        long t0 = System.nanoTime();
        Exposure exposure = expose(animated, range == null ? stillTime() : animated.animation().frameTime(first));
        GeometryImage image = exposure.image;
        long t1 = System.nanoTime();
        if (adaptive.enabled() && !adaptive.canStopBefore(size.samplesPerPixel())) {
            err.printf("drt: note: --noise-threshold stops pixels after at least %d samples; with --spp %d every pixel takes "
                    + "them all (give the most a pixel may take, e.g. --spp 1024)%n", adaptive.minSamples(), size.samplesPerPixel());
        }
        if (tracer.accel() == AccelStructure.PORTALS) PortalNotes.print(image, err);
        // A sequence writes each frame while the next is traced, where the heap has room (WorkEstimate.twoFramesFit).
        boolean behind = range != null && last > first && work.twoFramesFit(WorkEstimate.availableHeap());
        FrameOutputs.Kind kind = new FrameOutputs.Kind(wanted, denoise, exr, viewTransform, precision);
        try (Renderer renderer = createRenderer(choice, tracer, err); FrameOutputs outputs = new FrameOutputs(kind, behind, written, err)) {
            // Said above the progress bar, as they come: a course changed mid-render (the denoiser on the CPU).
            renderer.noticesTo(notice -> outputs.say(List.of("drt: " + notice)));
            double startMillis = tracerWaitMillis + TimedPhase.since(t1);
            GeometryImageBuilder.Timings firstBuild = builder.lastTimings();
            useShadowLights(renderer, shadows);
            if (!level.quiet) err.printf("drt: %s, %,d triangles, %,d spheres, built in %.0f ms; %s%n", options.scene.getFileName(),
                    image.triangleCount(), image.sphereCount(), (t1 - t0) / 1e6, renderer.description(image));
            if (verbose) {
                err.printf("drt: import: %s%n", options.importPhases.isEmpty() ? String.format(Locale.ROOT, "%,.1f ms", options.importMillis)
                        : org.drtstudio.io.TimedPhase.summary(options.importPhases));
                GeometryImageBuilder.Timings bt = builder.lastTimings();
                err.printf(Locale.ROOT, "drt: build: hierarchy %,.1f ms (%s), packing %,.1f ms, box layout %,.1f ms%n", bt.hierarchyMillis(),
                        bt.linearBvh() != null ? bt.linearBvh() : "CPU, binned SAH", bt.packMillis(), bt.boxLayoutMillis());
                err.printf("drt: picture: %s%s%n", viewTransform.describe(), exr ? "; EXR " + precision.name().toLowerCase(Locale.ROOT)
                        + ", scene-referred" : "");
            }
            for (int f = first; f <= last; f++) {
                // A static scene is the same at every frame: its geometry image is built once.
                if (f > first && !animated.isStatic()) exposure = expose(animated, animated.animation().frameTime(f));
                image = exposure.image;
                Path target = range == null ? out : Path.of(frameName(out.toString(), f));
                RenderSettings rs = exposure.open.settings();
                long seed = range == null ? rs.seed() : AnimationSettings.frameSeed(rs.seed(), f);
                TraceParameters params = TraceParameters.of(exposure.open.camera(), exposure.close.camera(),
                        rs.withSampling(rs.samplesPerPixel(), rs.maxDepth(), seed), image, pixelFilter != null ? pixelFilter : rs.filter());
                // Through the outputs: the frame before's lines, said as its files land, are not cut in two by it.
                if (verbose) outputs.say(List.of(String.format("drt: frame %d: %dx%d, %d spp, max depth %d, seed %d, %s filter", f, params.width(),
                        params.height(), params.samplesPerPixel(), params.maxDepth(), params.seed(), params.filter().name().toLowerCase(Locale.ROOT))));
                ProgressBar bar = level.quiet ? null : new ProgressBar(System.err, range == null ? "rendering" : "frame " + f);
                outputs.tracing(bar);
                ProgressListener listener = bar == null ? ProgressListener.NONE : bar;
                long r0 = System.nanoTime();
                Frame frame = window != null ? renderer.renderWindow(image, params, window, traced, listener)
                        : AdaptiveRender.render(renderer, image, params, adaptive, traced, listener);
                if (bar != null) bar.finish();
                double seconds = (System.nanoTime() - r0) / 1e9;
                if (frame.errors() > 0) err.printf("drt: warning: %d pixels exceeded the traversal bound (corrupt hierarchy)%n", frame.errors());
                // Said once the files are written; made here, where the renderer's figures are this frame's.
                List<String> said = new ArrayList<>();
                if (!level.quiet) {
                    said.add(wroteLine(target, frame, params.samplesPerPixel(), adaptive, seconds));
                    if (adaptive.enabled()) {
                        for (String line : SampleCountSummary.of(frame.samples(), frame.width(), frame.height())
                                .lines(params.samplesPerPixel())) said.add("drt:   " + line);
                    }
                }
                if (verbose) {
                    if (f == first) {
                        List<TimedPhase> phases = LoadPhases.phases(options.importPhases, options.importMillis,
                                gpuBuilderStartMillis, firstBuild, startMillis, renderer.lastUpload(), seconds * 1e3);
                        double wall = (r0 - loadStart) / 1e6 + seconds * 1e3;
                        said.add("drt:   " + LoadPhases.line(LoadPhases.withRest(phases, wall), renderer.lastUpload()));
                    }
                    for (String line : RenderReport.lines(exposure.open, image, tracer.accel(), renderer, seconds)) said.add("drt:   " + line);
                }
                outputs.write(target, frame, params.samplesPerPixel(), said);
            }
        }
        return 0;
    }

    /** What a farm submission learns of a render before the cluster runs it: the image size and frame rate. */
    record RenderPlan(int width, int height, double fps) {
    }

    /**
     * Checks this command's options and loads its scene (with the overrides) as a render would, without
     * rendering: a farm submission refuses bad options and scenes before any task starts.
     */
    RenderPlan plan(PrintWriter err) throws UsageProblem, SceneFormatException {
        parseBackend();
        parseAovs();
        parseView();
        parseExrPrecision();
        parseFilter();
        parseNoiseThreshold();
        tracerOptions();
        gpuSelection();
        cpuThreads();
        if (time != null && !Double.isFinite(time)) throw new UsageProblem("--time must be a finite number, got " + time);
        AnimatedScene animated = options.load(err);
        // A submission refuses a missing or unreadable --env picture here, not in every task.
        if (environment.given()) checkEnvironment(animated);
        if (shutter != null) animated = animated.withAnimation(parseShutter(animated.animation()));
        RenderSettings settings = sceneAt(animated, stillTime()).settings();
        return new RenderPlan(settings.width(), settings.height(), animated.animation().fps());
    }

    /** "drt: wrote OUT (WxH, N spp) in S s", with the noise threshold of an adaptive render. */
    private static String wroteLine(Path target, Frame frame, int spp, AdaptiveSampling adaptive, double seconds) {
        if (adaptive.enabled()) {
            return String.format("drt: wrote %s (%dx%d, up to %d spp, noise threshold %s) in %.2f s", target, frame.width(),
                    frame.height(), spp, adaptive.threshold(), seconds);
        }
        return String.format("drt: wrote %s (%dx%d, %d spp) in %.2f s", target, frame.width(), frame.height(), spp, seconds);
    }

    private static boolean isExr(Path out) {
        try {
            return ImageFormat.forFile(out).isLinear();
        } catch (OutputProblem e) {
            return false; // checkOutputs names it
        }
    }

    private ViewTransform parseView() throws UsageProblem {
        ViewTransform.View v = ViewTransform.View.named(view);
        if (v == null) throw new UsageProblem("--view is standard or agx, got '" + view + "'");
        try {
            return new ViewTransform(exposure, v);
        } catch (IllegalArgumentException e) {
            throw new UsageProblem("--exposure: " + e.getMessage());
        }
    }

    private ExrPicture.Precision parseExrPrecision() throws UsageProblem {
        return switch (exrPrecision.toLowerCase(Locale.ROOT)) {
            case "half" -> ExrPicture.Precision.HALF;
            case "float" -> ExrPicture.Precision.FLOAT;
            default -> throw new UsageProblem("--exr-precision is half or float, got '" + exrPrecision + "'");
        };
    }

    /**
     * Refuses, before any work, an output that could not be written: no name, an unknown picture
     * extension, a folder or special file in its place (or in an AOV's), a file where its folder should be.
     */
    private static void checkOutputs(Path image, Set<Aov> aovs) throws UsageProblem {
        try {
            OutputTarget.resolve(image);
            if (ImageFormat.forFile(image).isLinear()) return; // the AOVs are layers of the EXR itself
            for (Aov a : aovs) OutputTarget.resolve(aovPath(image, a == Aov.RADIANCE ? "noisy" : a.name().toLowerCase(Locale.ROOT)));
            if (aovs.contains(Aov.SAMPLES)) OutputTarget.resolve(heatMapPath(image));
        } catch (OutputProblem e) {
            throw new UsageProblem("cannot write " + e.getMessage());
        }
    }

    private double stillTime() {
        return time != null ? time : 0;
    }

    /** The scenes at shutter open and close of the frame shown at {@code time}, and their geometry image. */
    private record Exposure(Scene open, Scene close, GeometryImage image) {
    }

    /**
     * Motion blur: an animated scene is evaluated at shutter open and close and both ends go into one
     * geometry image (instance matrices) and the trace parameters (camera); rays pick a time between.
     * A static scene, or a closed shutter, is a still at {@code time}.
     */
    private Exposure expose(AnimatedScene animated, double time) throws SceneFormatException {
        if (animated.isStatic() || !animated.animation().hasExposure()) {
            Scene scene = sceneAt(animated, time);
            return new Exposure(scene, scene, pack(scene, null));
        }
        AnimationSettings a = animated.animation();
        Scene open = sceneAt(animated, a.shutterOpenTime(time)), close = sceneAt(animated, a.shutterCloseTime(time));
        return new Exposure(open, close, pack(open, close));
    }

    /** The scene at {@code t} seconds; keys or overrides that make no valid scene there are one message. */
    private Scene sceneAt(AnimatedScene animated, double t) throws SceneFormatException {
        try {
            return animated.at(t);
        } catch (SceneOptions.OverrideProblem e) {
            throw new SceneFormatException(null, 0, "at time " + t + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(options.scene, 0, "at time " + t + ": " + e.getMessage());
        }
    }

    /** One builder for all frames: meshes, their hierarchies and textures are built once and reused. */
    private GeometryImageBuilder builder;
    /** What builds the meshes' hierarchies when not the binned build ({@code --build}); closed when the command ends. */
    private org.drtstudio.accel.LinearBvhBuilder linearBvh;
    /** The tracer started while the scene loads ({@link EarlyTracer}); closed when the command ends if not taken. */
    private EarlyTracer earlyTracer;
    /** Starting {@code --build auto}'s GPU builder after the load: a GL context opened, the build's programs compiled. */
    private double gpuBuilderStartMillis;
    /** The wait for the early tracer's start before the GPU builder's (one GL start at a time): part of the tracer's start. */
    private double tracerWaitMillis;

    /** Reads --env's picture (into the render's texture loader) and checks the options; a problem is one line. */
    private void checkEnvironment(AnimatedScene animated) throws UsageProblem, SceneFormatException {
        textureProblems = new ArrayList<>();
        try {
            environment.check(sceneAt(animated, 0), textures(), textureProblems);
        } finally {
            textureProblems = null; // from now on the loader's warnings are printed
        }
    }

    /** One texture loader for the render: --env's picture, read to check it, is then in its cache. */
    private TextureLoader textures;
    /** Where the loader's warnings go while --env is checked; null: printed as warnings. */
    private List<String> textureProblems;

    private TextureLoader textures() {
        if (textures == null) {
            PrintWriter err = spec.commandLine().getErr();
            textures = new TextureLoader(w -> {
                if (textureProblems != null) textureProblems.add(w);
                else err.println("drt: warning: " + w);
            });
        }
        return textures;
    }

    private GeometryImageBuilder builder() {
        if (builder == null) {
            builder = new GeometryImageBuilder(textures());
        }
        return builder;
    }

    private GeometryImage pack(Scene scene, Scene shutterClose) throws SceneFormatException {
        try {
            return builder().build(scene, shutterClose);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new SceneFormatException(options.scene, 0, e.getMessage());
        }
    }

    /**
     * The tracer started on a thread of its own while the scene loads ({@link EarlyTracer}), or null: not for the
     * CPU tracer (it starts in no time), a {@code .cfg} scene (its keys may choose the back end after the load), or
     * a scene file that is not there (the load says so at once).
     */
    private EarlyTracer startTracerBesideTheLoad(RendererFactory.Backend given, GpuSelection givenGpus, Integer givenThreads,
                                                 TracerOptions tracer) throws SceneFormatException {
        if (given == RendererFactory.Backend.CPU || options.isCfg() || !Files.isRegularFile(options.scene)) return null;
        CfgDeviceChoice.Choice plain = CfgDeviceChoice.apply(CfgDevice.UNSPECIFIED, options.scene, given, givenGpus, givenThreads, note -> { });
        return EarlyTracer.start(renderers, plain.backend(), tracer.withGpus(plain.gpus()).withCpuThreads(plain.cpuThreads()),
                sceneBytes(options.scene));
    }

    /** The scene file's size in bytes, or 0 when it cannot be read now (the load says why). */
    private static long sceneBytes(Path scene) {
        try {
            return Files.size(scene);
        } catch (IOException e) {
            return 0;
        }
    }

    private Renderer createRenderer(RendererFactory.Backend choice, TracerOptions tracer, PrintWriter err)
            throws RenderException, UsageProblem {
        Consumer<String> notices = notice -> err.println("drt: " + notice);
        try {
            Renderer early = earlyTracer == null ? null : earlyTracer.take(choice, tracer, notices);
            return early != null ? early : renderers.createForPictures(choice, notices, tracer);
        } catch (RendererFactory.UnmetRequest e) {
            throw new UsageProblem(e.getMessage());
        } catch (IllegalStateException e) {
            throw new RenderException(e.getMessage(), e);
        }
    }

    private ShadowLights parseShadowLights() throws UsageProblem {
        try {
            return shadowLights == null ? ShadowLights.ALL : ShadowLights.parse(shadowLights.trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageProblem(e.getMessage());
        }
    }

    private static void useShadowLights(Renderer renderer, ShadowLights shadows) throws UsageProblem {
        if (renderer instanceof ShadowLightsChoice c) c.useShadowLights(shadows);
        else if (shadows != ShadowLights.ALL)
            throw new UsageProblem("--shadow-lights " + shadows.cliName() + ": this renderer (" + renderer.description() + ") sends shadow rays to every light");
    }

    /** The CPU tracer's threads given by {@code --threads}, or null when none were (one per core, or a .cfg's NUM_CPU_THREADS). */
    private Integer cpuThreads() throws UsageProblem {
        if (threads != null && (threads < 1 || threads > 4096)) throw new UsageProblem("--threads must be 1 to 4096, got " + threads);
        return threads;
    }

    /** The GPUs to split frames across given by {@code --gpus}, or null when none were (all, or a .cfg's CUDA_DEVICE). */
    private GpuSelection gpuSelection() throws UsageProblem {
        try {
            return gpus == null ? null : GpuSelection.parse(gpus);
        } catch (IllegalArgumentException e) {
            throw new UsageProblem(e.getMessage());
        }
    }

    /** {@code --throw-back} makes a non-binary sphere tree, which only the sphere walk of the BVH reads. */
    private void checkThrowBack(NodeKind kind, AccelStructure structure) {
        if (throwBack == null) return;
        if (!(throwBack > 0 && throwBack <= 1)) throw new IllegalArgumentException("--throw-back must be in (0, 1], got " + throwBack);
        if (kind != NodeKind.SPHERES || structure != AccelStructure.BVH)
            throw new IllegalArgumentException("--throw-back needs --nodes spheres (and the bvh): the box walk and the other structures read binary trees");
    }

    private TracerOptions tracerOptions() throws UsageProblem {
        boolean paired = TracerOptions.DEFAULT.pairedPrimary();
        if (traversal != null) {
            paired = switch (traversal.trim().toLowerCase(Locale.ROOT)) {
                case "paired" -> true;
                case "single" -> false;
                default -> throw new UsageProblem("--traversal must be paired or single, got '" + traversal + "'");
            };
        }
        NodeKind kind = TracerOptions.DEFAULT.nodes();
        if (nodes != null) {
            kind = switch (nodes.trim().toLowerCase(Locale.ROOT)) {
                case "boxes" -> NodeKind.BOXES;
                case "spheres" -> NodeKind.SPHERES;
                default -> throw new UsageProblem("--nodes must be boxes or spheres, got '" + nodes + "'");
            };
        }
        try {
            // Every render states the whole setting, so a command run before in the same process (tests) leaves nothing behind.
            SpatialLayouts.Settings spatial = SpatialLayouts.Settings.DEFAULT;
            if (gridCells != null) {
                if (gridCells < 1 || gridCells > GridResolution.MAX_AXIS_CELLS)
                    throw new IllegalArgumentException("--grid-cells must be 1 to " + GridResolution.MAX_AXIS_CELLS + ", got " + gridCells);
                spatial = spatial.withGrid(GridResolution.fixed(gridCells));
            }
            if (gridInsert != null) spatial = spatial.withGridInsertion(GridInsertion.parse(gridInsert.trim().toLowerCase(Locale.ROOT)));
            SpatialLayouts.setSettings(spatial);
            PortalShapes.setDefaultBuild(new PortalBuild(
                    portalBuild == null ? PortalBuild.DEFAULT.choice() : PortalBuild.parseChoice(portalBuild),
                    portalCandidates == null ? PortalBuild.DEFAULT.candidates() : PortalBuild.parseCandidates(portalCandidates)));
            AccelStructure structure = accel == null ? AccelStructure.DEFAULT : AccelStructure.parse(accel);
            checkThrowBack(kind, structure);
            // Given to the builder only once checked, so that a bad ratio is refused in --throw-back's words.
            if (throwBack != null) builder().throwBack(throwBack);
            return new TracerOptions(paired, kind, structure);
        } catch (IllegalArgumentException e) {
            throw new UsageProblem(e.getMessage());
        }
    }

    /** The --backend given, or null when none was (then a .cfg's ARCH may choose; else auto). */
    private RendererFactory.Backend parseBackend() throws UsageProblem {
        if (backend == null) return null;
        try {
            return RendererFactory.Backend.valueOf(backend.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageProblem("--backend must be auto, gpu or cpu, got '" + backend + "'");
        }
    }

    private Set<Aov> parseAovs() throws UsageProblem {
        Set<Aov> set = EnumSet.noneOf(Aov.class);
        for (String a : aovs) {
            switch (a.trim().toLowerCase(Locale.ROOT)) {
                case "depth" -> set.add(Aov.DEPTH);
                case "normal" -> set.add(Aov.NORMAL);
                case "albedo" -> set.add(Aov.ALBEDO);
                case "noisy" -> set.add(Aov.RADIANCE);
                case "variance" -> set.add(Aov.VARIANCE);
                case "samples" -> set.add(Aov.SAMPLES);
                case "diffuse" -> set.add(Aov.DIFFUSE);
                default -> throw new UsageProblem("unknown --aov '" + a + "'; supported: depth, normal, albedo, noisy, variance, samples, diffuse");
            }
        }
        return set;
    }

    /** The --noise-threshold given, or {@link AdaptiveSampling#OFF}; a value that is no relative error is one line naming it. */
    private AdaptiveSampling parseNoiseThreshold() throws UsageProblem {
        if (noiseThreshold == null) return AdaptiveSampling.OFF;
        String problem = AdaptiveSampling.problem(noiseThreshold);
        if (problem != null) throw new UsageProblem("--noise-threshold " + problem);
        return noiseThreshold == 0 ? AdaptiveSampling.OFF : AdaptiveSampling.of(noiseThreshold.floatValue());
    }

    /** The --filter given, or null for the scene's own (a project's setting; box for scene files). */
    private PixelFilter parseFilter() throws UsageProblem {
        if (filter == null) return null;
        try {
            return PixelFilter.valueOf(filter.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageProblem("--filter must be box, tent or gaussian, got '" + filter + "'");
        }
    }

    private AnimationSettings parseShutter(AnimationSettings current) throws UsageProblem {
        String[] parts = shutter.split(",");
        try {
            if (parts.length != 2) throw new NumberFormatException();
            return current.withShutter(Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim()));
        } catch (IllegalArgumentException e) { // NumberFormatException included
            throw new UsageProblem("--shutter must be OPEN,CLOSE with -1 <= OPEN <= CLOSE <= 1 (fractions of a frame), got '" + shutter + "'");
        }
    }

    /** The --region given, checked against the image's size, or null for the whole image. */
    private PixelWindow parseRegion(int width, int height) throws UsageProblem {
        if (region == null) return null;
        String[] parts = region.split(",", -1);
        PixelWindow window;
        try {
            if (parts.length != 4) throw new NumberFormatException();
            window = new PixelWindow(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()),
                    Integer.parseInt(parts[2].trim()), Integer.parseInt(parts[3].trim()));
        } catch (IllegalArgumentException e) { // NumberFormatException included
            throw new UsageProblem("--region must be X,Y,W,H with X, Y >= 0 and W, H >= 1, got '" + region + "'");
        }
        if (!window.fitsIn(width, height)) {
            throw new UsageProblem("--region " + region + " reaches outside the " + width + "x" + height + " image");
        }
        return window;
    }

    private int[] parseFrames() throws UsageProblem {
        if (frames == null) return null;
        String[] parts = frames.split("-");
        try {
            if (parts.length != 2) throw new NumberFormatException();
            int a = Integer.parseInt(parts[0].trim()), b = Integer.parseInt(parts[1].trim());
            if (a < 0 || b < a) throw new NumberFormatException();
            return new int[]{a, b};
        } catch (NumberFormatException e) {
            throw new UsageProblem("--frames must be A-B with 0 <= A <= B, got '" + frames + "'");
        }
    }

    /** The last run of '#' replaced with the zero-padded frame number ({@link FrameNumbering}). */
    static String frameName(String pattern, int frame) {
        return FrameNumbering.name(pattern, frame);
    }

    /** OUT.png → OUT.samples.png, the samples-per-pixel heat map */
    static Path heatMapPath(Path image) {
        String name = image.getFileName().toString();
        return image.toAbsolutePath().getParent().resolve(baseName(name) + ".samples.png");
    }

    /** OUT.png → OUT.depth.pfm */
    static Path aovPath(Path image, String aov) {
        String name = image.getFileName().toString();
        Path dir = image.toAbsolutePath().getParent();
        return dir.resolve(baseName(name) + "." + aov + ".pfm");
    }

    private static String baseName(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** A bad combination of options, reported as one line. */
    static final class UsageProblem extends Exception {
        UsageProblem(String message) {
            super(message);
        }
    }
}
