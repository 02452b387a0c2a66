package org.drtstudio.cli;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.accel.grid.GridResolution;
import org.drtstudio.bench.ChristenScenes;
import org.drtstudio.bench.AccelBenchmark;
import org.drtstudio.bench.BenchmarkReport;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.bench.InstancingBenchmark;
import org.drtstudio.bench.BenchmarkJson;
import org.drtstudio.bench.ImportBenchmark;
import org.drtstudio.bench.SuiteResults;
import org.drtstudio.bench.PeerExport;
import org.drtstudio.bench.SceneSuite;
import org.drtstudio.bench.SuiteScenes;
import org.drtstudio.bench.SuiteSettings;
import org.drtstudio.bench.TraversalBenchmark;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.render.Renderer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code drt bench}: fixed, versioned benchmark suites; prints a table and optionally writes JSON. */
@Command(name = "bench", description = {
        "Run a benchmark suite: full (SPD and Stanford scenes plus a generated 1M-triangle scene at 1920x1080: build, "
                + "geometry-image bytes, upload, primary/shadow/glossy Mrays/s, a 16-spp frame with all effects, and the CPU "
                + "tracer as baseline), quick (small generated scenes and a small instancing run: the CI smoke test), "
                + "instancing (100 instances of a 100k-triangle mesh), traversal (parallel vs per-ray traversal, GPU), "
                + "import (an OBJ to the geometry image phase by phase, with and without the importer's fast paths), "
                + "spheres (100, 1,000 and 10,000 random spheres at 800x800 or over 16:9 sizes, flat or facing-ratio shading, "
                + "brute force among the structures, still frames or a moving-camera run: frames per second, as the OpenCL sphere "
                + "caster measured), resolution (GPU against CPU tracer over image sizes 128^2 .. --max-size^2: an analogue of the "
                + "CUDA octree report's measurement on random spheres), "
                + "voxels (voxel spaces through div portals against their faces in the geometry image, 720x360 and 1920x1080), "
                + "accel (build, bytes and primary/shadow Mrays/s of the BVH, uniform grid and octrees per scene, then the grid-resolution "
                + "sweep), christen (the accel suite's measurements on generated stand-ins of the uniform-grid paper's scenes A, B and C: "
                + "36, 2,064 and 61,562 triangles), gpus (one GPU against all on bunny_1m at 1080p and 4K, per tiling of the frame: "
                + "--gpus, --tiles), "
                + "rays (the peers' rays on --obj FILE: primary and shadow Mrays/s of the CPU tracer's walks, or with --backend gpu "
                + "the GPU tracer's, hit and occluded counts, as ../shared/peer/embree-oracle and vk-rt-bench trace them for the "
                + "same --cam and --light).",
        "--report DIR turns the full-suite JSON files in DIR into the results page and its plot instead."})
final class BenchCommand implements Callable<Integer> {
    /** Version of the instancing and traversal suites; the scene suites carry {@link SuiteScenes#FULL_VERSION}. */
    static final int SUITE_VERSION = 1;
    private final RendererFactory renderers;

    @picocli.CommandLine.Mixin
    HierarchyBuildOption hierarchyBuild = new HierarchyBuildOption();
    @Option(names = "--suite", paramLabel = "NAME", defaultValue = "instancing",
            description = "full, quick, instancing (default), traversal, import, spheres, resolution, voxels, accel "
                    + "(BVH, grid and octree per scene, and the grid-resolution sweep), christen (the same on the uniform-grid "
                    + "paper's scene sizes), gpus (frames split across GPUs) or rays (--obj FILE)")
    String suite;
    @Option(names = "--data", paramLabel = "DIR", description = "folder with nff/ and obj/ of the scene files (default: ../shared/data, else shared/data)")
    Path data;
    @Option(names = "--scenes", paramLabel = "A,B", split = ",", description = "only these scenes of the suite, or scenes made from a seed: city:SEED, terrain:SEED")
    List<String> scenes = List.of();
    @Option(names = "--repeats", paramLabel = "N", description = "timed runs per figure, median reported (full: 5, quick: 1)")
    Integer repeats;
    @Option(names = "--frame-repeats", paramLabel = "N", description = "timed full frames per scene (default 3; 1 is enough on llvmpipe)")
    Integer frameRepeats;
    @Option(names = "--size", paramLabel = "WxH", description = "image size of the scene suites (full: 1920x1080); spheres "
            + "suite: 16:9 sweeps 640x360, 1280x720, 1920x1080 … up to --max-size wide (default 1920)")
    String size;
    @Option(names = "--frame-size", paramLabel = "WxH", description = "size of the full-effects frame (default: --size); "
            + "its time is also reported scaled to --size by pixel count")
    String frameSize;
    @Option(names = "--cpu-threads", paramLabel = "N", description = "threads of the CPU baseline (default: all cores; 0 skips it)")
    Integer cpuThreads;
    @Option(names = "--list-data", description = "print the data files the suite reads (relative to --data) and exit")
    boolean listData;
    @Option(names = "--report", paramLabel = "DIR", description = "generate the results page from DIR/*.json instead of benchmarking")
    Path report;
    @Option(names = "--page", paramLabel = "FILE", description = "with --report: the page to write (default DIR/../BENCHMARKS.md)")
    Path page;
    @Option(names = "--backend", paramLabel = "auto|gpu|cpu|none", defaultValue = "auto",
            description = "renderer for the frame measurements; none skips them")
    String backend;
    @Option(names = "--accel", paramLabel = "bvh|grid|octree", defaultValue = "bvh",
            description = "the structure the tracers walk inside meshes in the other suites (the accel suite measures all three); "
                    + "spheres suite: the structures to time, e.g. bvh,brute (default: bvh, grid, octree, octree-report and brute)")
    String accel;
    @Option(names = "--grid-densities", paramLabel = "K,K", split = ",",
            description = "accel suite: the grid densities (cells per primitive) of the resolution sweep (default 0.5,1,2,4,8,16)")
    List<Double> gridDensities;
    @Option(names = "--grid-insert", paramLabel = "triangles|boxes",
            description = "accel suite: which cells list a triangle in the grids (triangles: those it overlaps, the default; "
                    + "boxes: every cell its bounding box touches)")
    String gridInsert;
    @Option(names = "--gpus", paramLabel = "all|N|0,2|device=N", defaultValue = "all",
            description = "gpus suite: the GPUs frames are split across (default all; device=0,2 as 0,2; 0,0 opens two contexts on GPU 0)")
    String gpus;
    @Option(names = "--tiles", paramLabel = "N,bN", split = ",",
            description = "gpus suite: the tilings to measure: square tiles of N pixels, or bN bands of rows per GPU (default 256,512,1024,b1,b2,b4)")
    List<String> tiles;
    @Option(names = "--json", paramLabel = "FILE", description = "also write the results as JSON")
    Path json;
    @Option(names = "--export-peer", paramLabel = "DIR", description = "full and quick suites: first write each scene's "
            + "world-space triangles (DIR/NAME.obj) and the peers' camera and light arguments (DIR/NAME.cam, one line of "
            + "--cam ... --light ...), so ../shared/peer/vk-rt-bench and embree-oracle trace the same rays")
    Path exportPeer;
    @Option(names = "--obj", paramLabel = "FILE", description = "import suite: the OBJ file to import (default: the generated "
            + "1.1M-triangle bunny_1m, written to a temporary file from --data's bunny); rays suite: the scene to trace")
    Path obj;
    @Option(names = "--cam", arity = "12", paramLabel = "V", description = "rays suite: EX EY EZ AX AY AZ UX UY UZ FOV W H, "
            + "the peers' pinhole camera: eye, look-at, up, vertical field of view edge to edge in degrees, image size "
            + "(default: the scene's own camera and size)")
    List<Double> cam;
    @Option(names = "--light", arity = "3", paramLabel = "V", description = "rays suite: X Y Z, the shadow rays' point light "
            + "(default: the scene's first light)")
    List<Double> light;
    @Option(names = "--max-size", paramLabel = "N", description = "resolution suite: the largest image side; sizes double "
            + "from 128 up to it (default 512, for software GL; at most 4096, as the report); spheres suite with --size 16:9: "
            + "the widest width (default 1920)")
    Integer maxSize;
    @Option(names = "--plot", paramLabel = "FILE.png", description = "resolution suite: also draw the frame times and speed-ups")
    Path plot;
    @Option(names = "--layout", paramLabel = "cube|paper", defaultValue = "cube",
            description = "spheres suite: where the spheres are: cube (default, this program's) or paper (the sphere caster's: "
                    + "x, y in ±10, z in [-10, 0], seen from the origin down -z)")
    String layout;
    @Option(names = "--shading", paramLabel = "flat|facing", defaultValue = "flat",
            description = "spheres suite: flat (default: each sphere its colour, the paper's naive version) or facing (its look: "
                    + "the colour times max(0, N·(-Rd)))")
    String shading;
    @Option(names = "--counts", paramLabel = "N,N", split = ",", description = "spheres suite: the sphere counts (default 100,1000,10000)")
    List<Integer> counts;
    @Option(names = "--frames", paramLabel = "N", description = "spheres suite: a moving-camera run of N frames per scene "
            + "and structure (the paper's run is 1000), the eye flying along the view; fps = N / the run's time")
    Integer frames;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    BenchCommand(RendererFactory renderers) {
        this.renderers = renderers;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        if (report != null) return report(out, err);
        if (listData) {
            SuiteScenes.dataFiles(suite.equalsIgnoreCase("quick")).forEach(out::println);
            return 0;
        }
        InstancingBenchmark bench = null;
        TraversalBenchmark traversal = null;
        org.drtstudio.bench.VoxelBenchmark voxels = null;
        SceneSuite sceneSuite = null;
        SuiteScenes.Selection selection = null;
        int w = 0, h = 0;
        String name = suite.toLowerCase(Locale.ROOT);
        boolean quick = name.equals("quick");
        switch (name) {
            case "instancing" -> { bench = new InstancingBenchmark(10, 224); w = 640; h = 360; }
            case "quick", "full" -> {
                if (quick) { bench = new InstancingBenchmark(3, 24); w = 64; h = 36; }
                try {
                    sceneSuite = new SceneSuite(settings(quick), err);
                    selection = SuiteScenes.load(quick, dataDir(), scenes);
                } catch (IllegalArgumentException e) {
                    err.println("drt: " + e.getMessage());
                    return 2;
                }
                if (!anySceneLoaded(selection, name, err)) return 1;
                if (exportPeer != null) {
                    SuiteSettings s = settings(quick);
                    try {
                        PeerExport.exportSuite(selection, s.width(), s.height(), exportPeer, out);
                    } catch (IOException e) {
                        err.println("drt: cannot write the peer export to " + exportPeer + ": " + e.getMessage());
                        return 1;
                    }
                }
            }
            case "traversal" -> traversal = new TraversalBenchmark(1920, 1080, 5);
            case "voxels" -> {
                try {
                    voxels = new org.drtstudio.bench.VoxelBenchmark(repeats != null ? Math.max(1, repeats) : 3,
                            size == null ? null : parseSize(size));
                } catch (IllegalArgumentException e) {
                    err.println("drt: " + e.getMessage());
                    return 2;
                }
            }
            case "import" -> {
                return importSuite(out, err);
            }
            case "accel", "christen" -> {
                return accelSuite(name, out, err);
            }
            case "gpus" -> {
                return GpusSuite.run(this, out, err);
            }
            case "rays" -> {
                return RaysSuite.run(this, renderers, out, err);
            }
            case "spheres", "resolution" -> {
                return GeneratedSceneSuites.run(name, this, renderers, out, err);
            }
            default -> {
                err.println("drt: unknown --suite '" + suite + "'; available: full, quick, instancing, traversal, import, spheres, resolution, voxels, accel, christen, gpus, rays");
                return 2;
            }
        }
        Map<String, Object> results = SuiteResults.header(name, sceneSuite != null ? SuiteScenes.FULL_VERSION : SUITE_VERSION);
        Renderer renderer = null;
        try {
            if (!backend.equalsIgnoreCase("none")) {
                RendererFactory.Backend choice;
                try {
                    choice = RendererFactory.Backend.valueOf(backend.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    err.println("drt: --backend must be auto, gpu, cpu or none, got '" + backend + "'");
                    return 2;
                }
                TracerOptions options;
                try {
                    options = new TracerOptions(false, NodeKind.DEFAULT, AccelStructure.parse(accel));
                } catch (IllegalArgumentException e) {
                    err.println("drt: " + e.getMessage());
                    return 2;
                }
                try {
                    renderer = renderers.create(choice, notice -> err.println("drt: " + notice), options);
                } catch (IllegalStateException e) {
                    err.println("drt: " + e.getMessage());
                    return 1;
                }
            }
            if (bench != null) results.put("instancing", bench.run(renderer, w, h));
            if (traversal != null) results.put("traversal", traversal.run(renderer));
            if (voxels != null) results.put("voxels", voxels.run(renderer, err));
            if (sceneSuite != null) {
                results.putAll(sceneSuite.run(selection, renderer));
            }
        } finally {
            if (renderer != null) renderer.close();
        }
        return finish(results, out, err);
    }

    /**
     * The acceleration-structure suite: the full suite's scenes (or --scenes; bunny_18m only when
     * named), each with the BVH, the grid and the octree, then the grid-resolution sweep. The
     * christen suite measures the same on stand-ins of the uniform-grid paper's scenes A, B and C
     * ({@link ChristenScenes}: their triangle counts, generated, no data files).
     */
    private Integer accelSuite(String name, PrintWriter out, PrintWriter err) throws Exception {
        SuiteSettings s;
        SuiteScenes.Selection sel;
        double[] densities = gridDensities != null ? gridDensities.stream().mapToDouble(Double::doubleValue).toArray()
                : AccelBenchmark.SWEEP_DENSITIES;
        GridInsertion insertion;
        try {
            for (double d : densities) GridResolution.density(d);
            insertion = gridInsert == null ? GridInsertion.DEFAULT : GridInsertion.parse(gridInsert.trim().toLowerCase(Locale.ROOT));
            s = settings(false);
            List<String> only = scenes != null ? scenes
                    : SuiteScenes.names(false).stream().filter(n -> !n.equals("bunny_18m")).toList();
            sel = name.equals("christen") ? christenScenes() : SuiteScenes.load(false, dataDir(), only);
        } catch (IllegalArgumentException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        if (!anySceneLoaded(sel, name, err)) return 1;
        RendererFactory.Backend choice = null;
        if (!backend.equalsIgnoreCase("none") && !backend.equalsIgnoreCase("cpu")) {
            try {
                choice = RendererFactory.Backend.valueOf(backend.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                err.println("drt: --backend must be auto, gpu, cpu or none, got '" + backend + "'");
                return 2;
            }
        }
        RendererFactory.Backend gpuChoice = choice;
        Map<String, Object> results;
        try {
            results = AccelBenchmark.suite(name, name.equals("christen") ? SUITE_VERSION : SuiteScenes.FULL_VERSION, s, densities, insertion, sel.scenes(), gpuChoice == null ? null
                    : accel -> renderers.create(gpuChoice, notice -> err.println("drt: " + notice), new TracerOptions(false, NodeKind.DEFAULT, accel)));
        } catch (IllegalStateException e) {
            err.println("drt: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        return finish(results, out, err);
    }

    /** Scenes A, B and C of the christen suite, or those of them --scenes names (christen_a, christen_b, christen_c). */
    private SuiteScenes.Selection christenScenes() {
        List<SuiteScenes.Loaded> all = ChristenScenes.all();
        if (scenes == null || scenes.isEmpty()) return new SuiteScenes.Selection(all, Map.of());
        List<SuiteScenes.Loaded> chosen = new java.util.ArrayList<>();
        for (String want : scenes) {
            SuiteScenes.Loaded found = all.stream().filter(l -> l.name().equals(want)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("--scenes: the christen suite has christen_a, christen_b and christen_c, not '" + want + "'"));
            chosen.add(found);
        }
        return new SuiteScenes.Selection(chosen, Map.of());
    }

    /** Ends every suite: the load at the end, the table printed, the JSON written when --json asks; the exit code. */
    int finish(Map<String, Object> results, PrintWriter out, PrintWriter err) {
        SuiteResults.finish(results, out);
        if (json == null) return 0;
        try {
            BenchmarkJson.writeFile(json, results);
        } catch (OutputProblem e) {
            err.println("drt: cannot write " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("drt: cannot write " + json + ": " + e.getMessage());
            return 1;
        }
        return 0;
    }

    /** The import suite: an OBJ from disk to a packed geometry image, phase by phase, with and without the fast paths. */
    private Integer importSuite(PrintWriter out, PrintWriter err) throws Exception {
        Map<String, Object> results;
        try {
            results = ImportBenchmark.suite(obj, dataDir(), repeats != null ? repeats : 3, out);
        } catch (IllegalStateException e) {
            err.println("drt: " + e.getMessage());
            return 1;
        }
        return finish(results, out, err);
    }

    private Integer report(PrintWriter out, PrintWriter err) {
        Path target = page != null ? page : report.toAbsolutePath().getParent().resolve("BENCHMARKS.md");
        try {
            BenchmarkReport.Written written = BenchmarkReport.generate(report, target);
            out.println("wrote " + written.page() + " and " + written.plot() + " from " + written.runs() + " run(s)");
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println("drt: " + e.getMessage());
            return 1;
        }
    }

    /** The scene suites' settings: the options given, else the defaults of the quick or the full suite. */
    private SuiteSettings settings(boolean quick) {
        int[] wh = size == null ? (quick ? new int[]{128, 72} : new int[]{1920, 1080}) : parseSize(size);
        int[] frame = frameSize == null ? (quick ? new int[]{64, 36} : wh) : parseSize(frameSize);
        return new SuiteSettings(wh[0], wh[1], repeats != null ? repeats : quick ? 1 : 5,
                frameRepeats != null ? frameRepeats : quick ? 1 : 3, frame[0], frame[1], 16, quick ? 2 : 4,
                cpuThreads != null ? cpuThreads : Runtime.getRuntime().availableProcessors());
    }

    /** The --data folder, or ../shared/data (beside a checkout), or shared/data. */
    Path dataDir() {
        if (data != null) return data;
        Path beside = Path.of("..", "shared", "data");
        return Files.isDirectory(beside) ? beside : Path.of("shared", "data");
    }

    static int[] parseSize(String text) {
        String[] parts = text.toLowerCase(Locale.ROOT).split("x");
        try {
            if (parts.length == 2) {
                int[] wh = Arrays.stream(parts).mapToInt(Integer::parseInt).toArray();
                if (wh[0] > 0 && wh[1] > 0) return wh;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("a size must look like 1920x1080, got '" + text + "'");
    }

    /**
     * Says which scenes of a suite could not be loaded; false (after saying so) when none could.
     */
    boolean anySceneLoaded(SuiteScenes.Selection selection, String suite, PrintWriter err) {
        for (Map.Entry<String, String> skip : selection.skipped().entrySet())
            err.println("drt: skipping scene " + skip.getKey() + ": " + skip.getValue() + " (--data DIR names the data folder)");
        if (!selection.scenes().isEmpty()) return true;
        err.println("drt: no scene of the " + suite + " suite could be loaded from " + dataDir().toAbsolutePath().normalize());
        return false;
    }
}
