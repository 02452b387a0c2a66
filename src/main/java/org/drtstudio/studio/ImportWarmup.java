package org.drtstudio.studio;

import org.drtstudio.render.cpu.ThreadNiceness;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.studio.preview.PreviewRenderer;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Imports generated models a few times in the background so that the user's first import of a
 * large model runs compiled code. In a fresh JVM a 1.1M-triangle OBJ takes 3.0-3.1 s from the file
 * to the geometry image, and 1.3-1.5 s once the JIT has compiled the parser, the mesh builder and
 * the hierarchy builder (docs/BENCHMARKS.md, "Import at scale"): the interpreter and the first,
 * profiling compilations cost more than the work itself, and no JVM option bought that back.
 * Each round writes a plain OBJ (a bumpy sphere, irregular enough that the hierarchy builder meets
 * large and small nodes, both sides of its branches) to a temporary file, reads it through
 * {@link SceneLoader} as an import does, and builds the geometry image (hierarchy, packing of several
 * shapes, box layout) of a scene that holds it beside a small mesh and two spheres, then once more
 * with two new spheres (the box layout assembled from the first's parts), with a builder of its own;
 * a last round builds a million-triangle sphere made in memory: nothing of the user's scene or of the preview's caches is touched. {@link #stop} ends it
 * between two steps, so an import that starts meanwhile soon has the cores to itself.
 */
final class ImportWarmup {
    /**
     * Triangles of each round's model, read from a file. The 300k rounds pass
     * SphereHierarchyBuilder.PARALLEL_BINNING_MIN (262,144), so the top of a large model's tree,
     * binned in parallel parts, is compiled too: with rounds of at most 200k the first import of
     * bunny_1m took 1.2 s in the hierarchy, the next ones 0.8 s.
     */
    static final int[] ROUND_TRIANGLES = {60_000, 150_000, 300_000, 300_000};
    /**
     * Triangles of the last round's model, made in memory and built (no file, no parse). The methods
     * a build calls only a few times (its tasks, the flattening, the box layout's passes) reach the
     * second compiler only at a million triangles; without this round they were compiled during the
     * user's first import of bunny_1m, one of them for 179 ms of a core (first import 2.1-2.4 s,
     * with it 1.8-2.3 s, alternating runs: docs/BENCHMARKS.md, seventh round).
     */
    static final int BUILD_ONLY_TRIANGLES = 1_100_000;

    private final int[] rounds;
    private final int buildOnlyTriangles;

    /** Where the models are written: the temporary folder, or a test's. */
    private final Path folder;

    /**
     * @param folder where each round's model is written (and deleted after)
     * @param rounds the triangles of each round's model, in order
     */
    ImportWarmup(Path folder, int... rounds) {
        this(folder, rounds, 0);
    }

    /** @param buildOnlyTriangles the triangles of a last round made in memory, or 0 for none */
    ImportWarmup(Path folder, int[] rounds, int buildOnlyTriangles) {
        this.folder = folder;
        this.rounds = rounds.clone();
        this.buildOnlyTriangles = buildOnlyTriangles;
    }

    ImportWarmup() {
        this(Path.of(System.getProperty("java.io.tmpdir")), ROUND_TRIANGLES, BUILD_ONLY_TRIANGLES);
    }

    /** The JVM's warm-up: compiled code is shared by every window of the process, so it runs once. */
    private static final AtomicReference<ImportWarmup> SHARED = new AtomicReference<>();

    /** Starts the process's warm-up in the background, the first time only. Any thread. */
    static void startShared() {
        ImportWarmup w = new ImportWarmup();
        if (SHARED.compareAndSet(null, w)) w.startInBackground();
    }

    /** Stops the process's warm-up, if one runs, after its step under way: a real import or open is about to use the cores. */
    static void stopShared() {
        ImportWarmup w = SHARED.get();
        if (w != null) w.stop();
    }

    private volatile boolean stopped;
    private volatile int roundsDone;
    private volatile double millis;

    /** Ends the warm-up after the step under way. Any thread. */
    void stop() {
        stopped = true;
    }

    int roundsDone() {
        return roundsDone;
    }

    /** Wall time of the rounds done so far. */
    double millis() {
        return millis;
    }

    /**
     * Held while a round's file is made, and by the JVM's end ({@link #startInBackground}): a daemon
     * thread runs on while the JVM ends, and a file it made after the deletions registered with
     * {@code deleteOnExit} had run stayed behind (ImportWarmupTest caught one in a full test run).
     */
    private final Object files = new Object();

    /**
     * Starts the rounds on a daemon thread of their own. A shutdown hook stops them first: the
     * application's hooks run before the files registered for deletion are deleted, so no round
     * makes a file after that.
     */
    Thread startInBackground() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            synchronized (files) {
                stopped = true;
            }
        }, "drt-import-warmup-stop"));
        // The rounds run in a pool of lowered threads, their parallel steps too, as the preview's work:
        // they run while the user starts working and must not take a core from the window's threads.
        Thread t = new Thread(() -> {
            ForkJoinPool pool = ThreadNiceness.pool("drt-import-warmup-work", Runtime.getRuntime().availableProcessors(), ThreadNiceness.BACKGROUND);
            try {
                pool.submit(this::run).join();
            } finally {
                pool.shutdown();
            }
        }, "drt-import-warmup");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Runs the rounds on this thread until they are done or {@link #stop} is called. */
    void run() {
        long start = System.nanoTime();
        Path file = null, small = null;
        StaleWarmupFiles.clean(folder, java.time.Instant.now()); // what killed studios left
        try {
            file = temporaryFile();
            small = temporaryFile();
            writeBumpySphere(small, 200, REWRITE);
            Scene beside = SceneLoader.load(small).scene();
            for (int triangles : rounds) {
                if (stopped) break;
                writeBumpySphere(file, triangles, REWRITE);
                if (stopped) break;
                // With a progress listener, as an import reads: the read then goes through ReadProgress's stream.
                Scene model = SceneLoader.load(file, fraction -> { }).scene();
                if (stopped) break;
                build(model, beside);
                roundsDone++;
                millis = (System.nanoTime() - start) / 1e6;
            }
            if (buildOnlyTriangles > 0 && !stopped) {
                TransformNode root = TransformNode.group("warm-up", List.of(new MeshNode("bumpy sphere", bumpySphere(buildOnlyTriangles))));
                Scene model = new Scene("warm-up", root, beside.materials(), beside.lights(), beside.camera(), beside.settings());
                if (!stopped) {
                    build(model, beside);
                    roundsDone++;
                    millis = (System.nanoTime() - start) / 1e6;
                }
            }
        } catch (IOException | SceneFormatException | RuntimeException e) {
            // Only a speed-up is lost (e.g. no room for the temporary file): the import itself is unaffected.
        } finally {
            delete(file);
            delete(small);
        }
    }

    /**
     * A model file in the folder, deleted when the JVM ends if the rounds have not deleted it: the
     * thread is a daemon, and a studio closed in its first seconds ended the JVM in the middle of a
     * round, leaving files of up to 2 MB in the temporary folder at every such start. The deletion is
     * registered before the file exists: registered after, a JVM ending between the two left the file.
     * A JVM killed or halted runs no deletions: the next warm-up removes its files ({@link StaleWarmupFiles}).
     */
    private Path temporaryFile() throws IOException {
        while (true) {
            Path p = folder.resolve(StaleWarmupFiles.name(ProcessHandle.current().pid(), NAMES.nextLong()));
            synchronized (files) {
                if (stopped) throw new IOException("the warm-up was stopped");
                p.toFile().deleteOnExit();
                try {
                    return Files.createFile(p);
                } catch (FileAlreadyExistsException e) {
                    // another round's or process's name: draw again
                }
            }
        }
    }

    private static final java.security.SecureRandom NAMES = new java.security.SecureRandom();

    /**
     * Builds the model's geometry image beside a small mesh and spheres (through the coarse hierarchy
     * and then the full one, when the model is large), then again with new spheres
     * beside the same model: the box layout is then assembled from the first one's parts, as when the
     * user adds a shape to a scene holding a large model.
     */
    private static void build(Scene model, Scene beside) {
        GeometryImageBuilder builder = new GeometryImageBuilder();
        // As the preview builds: a large model's coarse hierarchy first, then its full one.
        builder.coarseFirstFrom(PreviewRenderer.COARSE_FIRST_TRIANGLES);
        builder.build(inScene(model, beside));
        if (builder.hasCoarseShapes()) {
            builder.refine();
            builder.build(inScene(model, beside));
        }
        builder.build(inScene(model, beside));
    }

    /**
     * The model after a small mesh and a few spheres, as an import lands in a scene that has some: the
     * geometry image then concatenates several shapes and offsets their links and vertex indices, the
     * code a lone model's image skips and a studio import runs.
     */
    private static Scene inScene(Scene model, Scene beside) {
        List<Sphere> balls = List.of(new Sphere(new Vec3(3, 0, 0), 0.5f, 0), new Sphere(new Vec3(-3, 0, 0), 0.5f, 0));
        TransformNode root = TransformNode.group("warm-up", List.of(beside.root(), new SphereNode("balls", balls), model.root()));
        return new Scene(model.name(), root, model.materials(), model.lights(), model.camera(), model.settings());
    }

    private static void delete(Path file) {
        if (file == null) return;
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind in the temporary folder
        }
    }

    /**
     * A UV sphere of about {@code triangles} triangles as plain {@code v} and {@code f} lines after a comment (what scans
     * and exported meshes hold), its radius modulated by a few waves so triangles differ in size and slant.
     */
    static void writeBumpySphere(Path file, int triangles) throws IOException {
        writeBumpySphere(file, triangles, new java.nio.file.OpenOption[0]);
    }

    /**
     * A round's file written again, never made anew: once the JVM's end has deleted it, the round
     * fails instead of leaving a new file behind.
     */
    private static final java.nio.file.OpenOption[] REWRITE = {java.nio.file.StandardOpenOption.WRITE,
            java.nio.file.StandardOpenOption.TRUNCATE_EXISTING};

    private static void writeBumpySphere(Path file, int triangles, java.nio.file.OpenOption... options) throws IOException {
        BumpySphere sphere = new BumpySphere(triangles);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII, options)) {
            w.write("# DRT Studio's import warm-up: a bumpy sphere of " + triangles + " triangles\n");
            float[] p = new float[3];
            for (int v = 0; v < sphere.vertices(); v++) {
                sphere.vertex(v, p, 0);
                w.write("v " + p[0] + " " + p[1] + " " + p[2] + "\n");
            }
            for (int t = 0; t < sphere.triangles(); t++) {
                w.write("f " + (1 + sphere.corner(t, 0)) + " " + (1 + sphere.corner(t, 1)) + " " + (1 + sphere.corner(t, 2)) + "\n");
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The same sphere as a mesh, its normals the sphere's (a build reads positions only). */
    static TriangleMesh bumpySphere(int triangles) {
        BumpySphere sphere = new BumpySphere(triangles);
        float[] positions = new float[3 * sphere.vertices()], normals = new float[positions.length];
        for (int v = 0; v < sphere.vertices(); v++) {
            sphere.vertex(v, positions, 3 * v);
            double len = 0;
            for (int a = 0; a < 3; a++) len += positions[3 * v + a] * positions[3 * v + a];
            for (int a = 0; a < 3; a++) normals[3 * v + a] = (float) (positions[3 * v + a] / Math.max(1e-12, Math.sqrt(len)));
        }
        int[] indices = new int[3 * sphere.triangles()];
        for (int t = 0; t < sphere.triangles(); t++) for (int c = 0; c < 3; c++) indices[3 * t + c] = sphere.corner(t, c);
        return new TriangleMesh("bumpy sphere", positions, normals, null, indices, new int[sphere.triangles()]);
    }

    /** A UV sphere of {@code rings} x {@code segments} quads, two triangles each, its radius modulated by a few waves. */
    private record BumpySphere(int segments, int rings) {
        BumpySphere(int triangles) {
            this(Math.max(8, (int) Math.sqrt(triangles / 2.0)), Math.max(4, triangles / (2 * Math.max(8, (int) Math.sqrt(triangles / 2.0)))));
        }

        int vertices() {
            return (rings + 1) * segments;
        }

        int triangles() {
            return 2 * rings * segments;
        }

        /** Vertex {@code v} (ring by ring, 0-based) into out[o..o+2]. */
        void vertex(int v, float[] out, int o) {
            int i = v / segments, j = v % segments;
            double theta = Math.PI * i / rings, phi = 2 * Math.PI * j / segments;
            double r = 1 + 0.15 * Math.sin(5 * theta) * Math.cos(3 * phi) + 0.05 * Math.sin(17 * phi + 11 * theta);
            out[o] = (float) (r * Math.sin(theta) * Math.cos(phi));
            out[o + 1] = (float) (r * Math.cos(theta));
            out[o + 2] = (float) (r * Math.sin(theta) * Math.sin(phi));
        }

        /** Corner {@code c} of triangle {@code t} (0-based vertex index): quad by quad, two triangles each (a c b, b c d). */
        int corner(int t, int c) {
            int quad = t / 2, i = quad / segments, j = quad % segments;
            int a = i * segments + j, b = i * segments + (j + 1) % segments;
            if (c == 1) return a + segments;
            return t % 2 == 0 ? (c == 0 ? a : b) : (c == 0 ? b : b + segments);
        }
    }
}
