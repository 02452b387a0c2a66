package org.drtstudio.bench;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scenes of the benchmark suites. The full suite (versioned by {@link #FULL_VERSION}; change it
 * whenever a scene, view or setting changes) reads SPD scenes and Stanford models from a data
 * folder laid out like the project's shared data ({@code nff/NAME.nff}, {@code obj/DIR/FILE.obj})
 * and generates its million-triangle scene (and one of 17.8 million, where the heap allows) from the
 * bunny at run time. The quick suite generates
 * small scenes and needs no files.
 */
public final class SuiteScenes {
    /** Version of the full suite's scene list, views and settings; written to the JSON. */
    public static final int FULL_VERSION = 3;

    /**
     * One scene of a suite: its name, where it comes from, how it is made, and its view: 1 keeps the
     * file's camera; below 1 moves the camera toward its look point to that fraction of its
     * distance (a close-up of a scanned model, chosen so about 80 % of primary rays hit; the
     * framing camera of an OBJ leaves 90 % of the image empty).
     */
    record Entry(String name, String source, float closeUp, List<String> files, Loader loader, long heapNeeded) {
        Entry(String name, String source, float closeUp, List<String> files, Loader loader) {
            this(name, source, closeUp, files, loader, 0);
        }
    }

    /** Java heap the 17.8M-triangle scene needs to be generated, built and measured (mesh, image, layout, builder's arrays). */
    static final long HEAP_FOR_18M = 16L << 30;

    interface Loader {
        Scene load(Path dataDir) throws SceneFormatException;
    }

    /** A scene ready to measure; {@code closeUp} as in {@link Entry}. */
    public record Loaded(String name, String source, Scene scene, float closeUp) {
    }

    /** What a suite could load, and a one-line reason for each scene it skipped. */
    public record Selection(List<Loaded> scenes, Map<String, String> skipped) {
    }

    static final String BUNNY = "obj/stanford_bunny/stanford-bunny.obj";

    static final List<Entry> FULL = List.of(
            file("balls_s4", "nff/balls_s4.nff", 1f),
            file("teapot_s12", "nff/teapot_s12.nff", 1f),
            file("gears_s4", "nff/gears_s4.nff", 1f),
            file("tetra_s6", "nff/tetra_s6.nff", 1f),
            file("bunny", BUNNY, 0.3f),
            file("dragon", "obj/stanford_dragon_res3/dragon_vrip_res3.obj", 0.3f),
            file("armadillo", "obj/armadillo_100k/armadillo.obj", 0.2f),
            file("lucy", "obj/lucy_100k/lucy.obj", 0.15f),
            new Entry("bunny_1m", BUNNY + ", subdivided twice and displaced (generated)", 0.3f, List.of(BUNNY),
                    data -> displacedBunny(load(data.resolve(BUNNY)), 2, "bunny_1m")),
            new Entry("bunny_18m", BUNNY + ", subdivided four times and displaced (generated)", 0.3f, List.of(BUNNY),
                    data -> displacedBunny(load(data.resolve(BUNNY)), 4, "bunny_18m"), HEAP_FOR_18M));

    static final List<Entry> QUICK = List.of(
            new Entry("bumpy_sphere_20k", "generated: bumpy sphere 100x100 on a floor", 1f, List.of(),
                    data -> onFloor("bumpy sphere", ProceduralMeshes.bumpySphere(100, 100))),
            new Entry("spheres_512", "generated: 8x8x8 spheres", 1f, List.of(), data -> sphereGrid(8)),
            new Entry("displaced_80k", "generated: bumpy sphere 50x50 subdivided twice, displaced, on a floor", 1f, List.of(),
                    data -> onFloor("displaced", DisplacedSubdivision.of(ProceduralMeshes.bumpySphere(50, 50), 2, 0.004f))));

    private SuiteScenes() {
    }

    private static Entry file(String name, String relative, float closeUp) {
        return new Entry(name, relative, closeUp, List.of(relative), data -> load(data.resolve(relative)));
    }

    /** The data files a suite reads, relative to the data folder, each once (for packing them elsewhere). */
    public static List<String> dataFiles(boolean quick) {
        return (quick ? QUICK : FULL).stream().flatMap(e -> e.files().stream()).distinct().toList();
    }

    /** The names of a suite's scenes, in order. */
    public static List<String> names(boolean quick) {
        return (quick ? QUICK : FULL).stream().map(Entry::name).toList();
    }

    /**
     * Loads the chosen scenes of a suite; a scene whose file is missing or unreadable is skipped
     * with its reason.
     *
     * @param only scene names to keep, or empty for all
     * @throws IllegalArgumentException naming an unknown scene and the known ones
     */
    public static Selection load(boolean quick, Path dataDir, List<String> only) {
        return load(quick, dataDir, only, Runtime.getRuntime().maxMemory());
    }

    /** As {@link #load(boolean, Path, List)}, skipping scenes that need more than {@code maxHeap} bytes of Java heap. */
    static Selection load(boolean quick, Path dataDir, List<String> only, long maxHeap) {
        List<Entry> entries = quick ? QUICK : FULL;
        List<Loaded> scenes = new ArrayList<>();
        for (String n : only) {
            Loaded made = generated(n);
            if (made != null) scenes.add(made);
            else if (entries.stream().noneMatch(e -> e.name().equals(n)))
                throw new IllegalArgumentException("unknown scene '" + n + "'; this suite has " + String.join(", ", names(quick))
                        + ", and any suite takes city:SEED and terrain:SEED");
        }
        if (!scenes.isEmpty() && scenes.size() == only.size()) return new Selection(scenes, Map.of());
        Map<String, String> skipped = new LinkedHashMap<>();
        for (Entry e : entries) {
            if (!only.isEmpty() && !only.contains(e.name())) continue;
            if (e.heapNeeded() > maxHeap) {
                skipped.put(e.name(), String.format(Locale.ROOT, "needs a Java heap of %d GB (JAVA_OPTS=-Xmx%dg), this one has %.1f GB",
                        e.heapNeeded() >> 30, e.heapNeeded() >> 30, maxHeap / (double) (1L << 30)));
                continue;
            }
            try {
                scenes.add(new Loaded(e.name(), e.source(), e.loader().load(dataDir), e.closeUp()));
            } catch (MissingFileException ex) {
                skipped.put(e.name(), "missing " + ex.file);
            } catch (SceneFormatException ex) {
                skipped.put(e.name(), "unreadable: " + ex.getMessage());
            }
        }
        return new Selection(scenes, skipped);
    }

    /** A generated scene's name: {@code city:SEED} (about 0.8 M triangles) or {@code terrain:SEED} (2.1 M). */
    private static final java.util.regex.Pattern GENERATED = java.util.regex.Pattern.compile("(city|terrain):([0-9]{1,18})");

    /**
     * The scene a generated name stands for (made from its seed, never tuned on: {@link GeneratedScenes},
     * at {@code drt generate}'s default sizes), named {@code city_SEED} or {@code terrain_SEED}; null for any other name.
     */
    static Loaded generated(String name) {
        var m = GENERATED.matcher(name);
        if (!m.matches()) return null;
        long seed = Long.parseLong(m.group(2));
        Scene scene = m.group(1).equals("city") ? GeneratedScenes.city(seed, 100) : GeneratedScenes.terrain(seed, 1025);
        // Named city_SEED in results and file names (--export-peer writes NAME.obj): no colon in a path.
        return new Loaded(m.group(1) + "_" + seed, "generated: " + m.group(1) + ", seed " + seed, scene, 1f);
    }

    private static final class MissingFileException extends SceneFormatException {
        final Path file;

        MissingFileException(Path file) {
            super(file, 0, "file not found");
            this.file = file;
        }
    }

    private static Scene load(Path file) throws SceneFormatException {
        if (!Files.isRegularFile(file)) throw new MissingFileException(file.toAbsolutePath().normalize());
        return SceneLoader.load(file).scene();
    }

    /**
     * The bunny subdivided {@code levels} times and displaced: 69,451 x 4^levels unique triangles
     * (two levels: bunny_1m, 1,111,216; four: bunny_18m, 17,779,456, the suite's scene of more than
     * ten million triangles, made at run time in seconds and never stored).
     */
    static Scene displacedBunny(Scene bunny, int levels, String name) {
        TriangleMesh mesh = firstMesh(bunny.root());
        if (mesh == null) throw new IllegalStateException("the bunny file holds no mesh");
        TriangleMesh big = DisplacedSubdivision.of(mesh, levels, 0.002f);
        return new Scene(name, TransformNode.group(name, List.of(new MeshNode(name, big))),
                bunny.materials(), bunny.lights(), bunny.camera(), bunny.settings());
    }

    private static TriangleMesh firstMesh(SceneNode node) {
        if (node instanceof MeshNode m) return m.mesh();
        if (node instanceof TransformNode t) {
            for (SceneNode c : t.children()) {
                TriangleMesh found = firstMesh(c);
                if (found != null) return found;
            }
        }
        return null;
    }

    /** A mesh resting on a large floor (so shadow and reflection rays find something), camera in front. */
    private static Scene onFloor(String name, TriangleMesh mesh) {
        float[] fp = {-6, -1.1f, -6, 6, -1.1f, -6, 6, -1.1f, 6, -6, -1.1f, 6};
        float[] fn = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        TriangleMesh floor = new TriangleMesh("floor", fp, fn, null, new int[]{0, 2, 1, 0, 3, 2}, new int[2]);
        return new Scene(name, TransformNode.group(name, List.of(new MeshNode(name, mesh), new MeshNode("floor", floor))),
                List.of(Material.DEFAULT), List.of(new PointLight(new Vec3(3, 5, 4), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0.8f, 3.2f), new Vec3(0, -0.2f, 0), new Vec3(0, 1, 0), 45, 0, 0), RenderSettings.DEFAULT);
    }

    private static Scene sphereGrid(int side) {
        List<Sphere> spheres = new ArrayList<>();
        for (int i = 0; i < side; i++) for (int j = 0; j < side; j++) for (int k = 0; k < side; k++)
            spheres.add(new Sphere(new Vec3(i - (side - 1) / 2f, j - (side - 1) / 2f, k - (side - 1) / 2f), 0.45f, 0));
        return new Scene("spheres", TransformNode.group("root", List.of(new SphereNode("spheres", spheres))),
                List.of(Material.DEFAULT), List.of(new PointLight(new Vec3(side, side, side), Vec3.ONE, 1)),
                new Camera(new Vec3(0.3f * side, 0.4f * side, 0.9f * side), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0), RenderSettings.DEFAULT);
    }
}
