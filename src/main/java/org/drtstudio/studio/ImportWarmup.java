package org.drtstudio.studio;

import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.load.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * with two new spheres (the box layout assembled from the first's parts), with a builder of its own: nothing of the user's scene or of the preview's caches is touched. {@link #stop} ends it
 * between two steps, so an import that starts meanwhile soon has the cores to itself.
 */
final class ImportWarmup {
    /**
     * Triangles of each round's model. The last rounds pass SphereHierarchyBuilder.PARALLEL_BINNING_MIN
     * (262,144), so the top of a large model's tree, binned in parallel parts, is compiled too: with
     * rounds of at most 200k the first import of bunny_1m took 1.2 s in the hierarchy, the next ones 0.8 s.
     */
    static final int[] ROUND_TRIANGLES = {60_000, 150_000, 300_000, 300_000};

    private final int[] rounds;

    /** Where the models are written: the temporary folder, or a test's. */
    private final Path folder;

    /**
     * @param folder where each round's model is written (and deleted after)
     * @param rounds the triangles of each round's model, in order
     */
    ImportWarmup(Path folder, int... rounds) {
        this.folder = folder;
        this.rounds = rounds.clone();
    }

    ImportWarmup() {
        this(Path.of(System.getProperty("java.io.tmpdir")), ROUND_TRIANGLES);
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

    /** Starts the rounds on a daemon thread of their own. */
    Thread startInBackground() {
        Thread t = new Thread(this::run, "drt-import-warmup");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Runs the rounds on this thread until they are done or {@link #stop} is called. */
    void run() {
        long start = System.nanoTime();
        Path file = null, small = null;
        try {
            file = Files.createTempFile(folder, "drt-warmup-", ".obj");
            small = Files.createTempFile(folder, "drt-warmup-", ".obj");
            writeBumpySphere(small, 200);
            Scene beside = SceneLoader.load(small).scene();
            for (int triangles : rounds) {
                if (stopped) break;
                writeBumpySphere(file, triangles);
                if (stopped) break;
                // With a progress listener, as an import reads: the read then goes through ReadProgress's stream.
                Scene model = SceneLoader.load(file, fraction -> { }).scene();
                if (stopped) break;
                GeometryImageBuilder builder = new GeometryImageBuilder();
                builder.build(inScene(model, beside));
                // Again with new spheres beside the same model: the box layout is then assembled from
                // the last one's parts, as when the user adds a shape to a scene holding a large model.
                builder.build(inScene(model, beside));
                roundsDone++;
                millis = (System.nanoTime() - start) / 1e6;
            }
        } catch (IOException | SceneFormatException | RuntimeException e) {
            // Only a speed-up is lost (e.g. no room for the temporary file): the import itself is unaffected.
        } finally {
            delete(file);
            delete(small);
        }
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
        int segments = Math.max(8, (int) Math.sqrt(triangles / 2.0));
        int rings = Math.max(4, triangles / (2 * segments));
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            w.write("# DRT Studio's import warm-up: a bumpy sphere of " + triangles + " triangles\n");
            for (int i = 0; i <= rings; i++) {
                double theta = Math.PI * i / rings;
                for (int j = 0; j < segments; j++) {
                    double phi = 2 * Math.PI * j / segments;
                    double r = 1 + 0.15 * Math.sin(5 * theta) * Math.cos(3 * phi) + 0.05 * Math.sin(17 * phi + 11 * theta);
                    w.write("v " + (float) (r * Math.sin(theta) * Math.cos(phi)) + " " + (float) (r * Math.cos(theta)) + " "
                            + (float) (r * Math.sin(theta) * Math.sin(phi)) + "\n");
                }
            }
            for (int i = 0; i < rings; i++) {
                for (int j = 0; j < segments; j++) {
                    int a = 1 + i * segments + j, b = 1 + i * segments + (j + 1) % segments;
                    int c = a + segments, d = b + segments;
                    w.write("f " + a + " " + c + " " + b + "\nf " + b + " " + c + " " + d + "\n");
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
