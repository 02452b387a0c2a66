package org.drtstudio.accel;

import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.GroundPlane;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;
import org.joml.Vector4f;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Builds geometry images frame after frame, keeping what did not change. Each distinct shape's
 * hierarchy is built once and cached by identity; when the set of shapes is the same as last
 * time the shape level (nodes, primitives, vertices) is handed out again as the
 * same arrays, so moving, rotating or scaling transform nodes costs only the top level: a small
 * hierarchy over the instances and their matrices. The texture atlas is rebuilt only when the set
 * of textures the materials name changes. Not thread-safe: one builder per producer.
 */
public final class GeometryImageBuilder {
    private final TextureSource textureSource;
    private final Map<Object, ShapeHierarchy> shapes = new IdentityHashMap<>();
    /** Meshes whose hierarchy in {@link #shapes} is still the coarse stage, with their second stage. */
    private final Map<Object, ShapeHierarchyBuilder.StagedMesh> coarse = new IdentityHashMap<>();
    /** New meshes of at least this many triangles are built in two stages (see {@link #coarseFirstFrom}). */
    private int coarseFrom = Integer.MAX_VALUE;
    /** Builds the trees of meshes of at least {@link #linearBvhFrom} triangles, when set ({@link #useLinearBvh}). */
    private LinearBvhBuilder linearBvh;
    private int linearBvhFrom = Integer.MAX_VALUE;
    /** Box layouts made with a shape's tree by {@link #linearBvh}, by hierarchy: the level copies them instead of deriving its own. */
    private final Map<ShapeHierarchy, BoxLayout> ownLayouts = new IdentityHashMap<>();
    /** The DRT paper's throw-back ratio for shape hierarchies ({@link #throwBack}); 0: binary trees. */
    private float throwBack;
    private List<Object> lastShapeOrder = List.of();
    private ShapeLevel lastLevel;
    private List<Material> lastMaterials;
    private float[] lastMaterialTexels;
    private TextureAtlas lastAtlas = TextureAtlas.EMPTY;
    private List<Light> lastLights;
    private float[] lastLightTexels;
    /** The environment picture last asked for and its map (null when none, or when it could not be read). */
    private String lastEnvironmentPath;
    private EnvironmentMap lastEnvironment;
    /** The ground plane last asked for and the mesh that packs it. */
    private GroundPlane lastGround;
    private TriangleMesh lastGroundMesh;

    /**
     * A builder whose images carry no textures: every material renders untextured. Renderers that
     * show textures use {@link #GeometryImageBuilder(TextureSource)}.
     */
    public GeometryImageBuilder() {
        this(TextureSource.NONE);
    }

    /** @param textures decodes the textures that materials name; asked once per distinct texture set */
    public GeometryImageBuilder(TextureSource textures) {
        this.textureSource = textures;
    }

    /**
     * New meshes of at least {@code triangles} triangles get a coarse hierarchy first (a linear BVH,
     * {@link MortonHierarchyBuilder}: about a fifth of the binned build's time), so a large import reaches
     * the screen sooner; {@link #refine} then builds their full hierarchies, for the next
     * {@link #build}. The studio's preview asks for this; renders and benchmarks do not.
     */
    public void coarseFirstFrom(int triangles) {
        coarseFrom = triangles;
    }

    /**
     * Shape hierarchies are made non-binary as the DRT paper makes them: a child sphere of at least
     * {@code ratio} times its parent's radius is thrown back into the parent ({@link SphereThrowBack}).
     * Only the sphere walk ({@code --nodes spheres}) reads such images: they carry no box layout,
     * which is binary. Shapes already built are built again. 0 goes back to binary trees.
     *
     * @throws IllegalArgumentException when {@code ratio} is not 0 and not in (0, 1]
     */
    public void throwBack(float ratio) {
        if (ratio != 0 && !(ratio > 0 && ratio <= 1))
            throw new IllegalArgumentException("the throw-back ratio must be in (0, 1], got " + ratio);
        if (ratio == throwBack) return;
        throwBack = ratio;
        shapes.clear();
        coarse.clear();
        lastShapeOrder = List.of();
        lastLevel = null;
    }

    /**
     * New meshes of at least {@code triangles} triangles get their tree from {@code builder} (a
     * linear BVH, on the GPU for {@code drt render --build gpu}) instead of the binned SAH build;
     * its box layout is used as built. Null goes back to the binned build for every mesh. Shapes
     * already built keep their trees.
     */
    public void useLinearBvh(LinearBvhBuilder builder, int triangles) {
        linearBvh = builder;
        linearBvhFrom = builder == null ? Integer.MAX_VALUE : triangles;
    }

    /** Whether the last image holds a coarse hierarchy that {@link #refine} would replace. */
    public boolean hasCoarseShapes() {
        return !coarse.isEmpty();
    }

    /**
     * Builds the full hierarchies of the shapes still coarse; the next {@link #build} uses them
     * (its shape level and box layout are made again). Returns the milliseconds it took.
     */
    public double refine() {
        long t0 = System.nanoTime();
        for (Map.Entry<Object, ShapeHierarchyBuilder.StagedMesh> e : coarse.entrySet()) shapes.put(e.getKey(), e.getValue().refine());
        coarse.clear();
        lastShapeOrder = List.of(); // a new shape level: the refined shapes' arrays differ
        return (System.nanoTime() - t0) / 1e6;
    }

    /** A still scene. */
    public GeometryImage build(Scene scene) {
        return build(scene, null);
    }

    /**
     * @param open  the scene at shutter open
     * @param close the same scene at shutter close (same structure), or null for a still scene
     * @throws IllegalArgumentException when the scene has no geometry or a primitive names a missing material
     */
    public GeometryImage build(Scene open, Scene close) {
        List<Instance> instances = SceneInstances.of(open, close);
        if (instances.isEmpty()) throw new IllegalArgumentException("the scene has no geometry to render");
        List<Object> order = new ArrayList<>();
        Map<Object, Integer> shapeIndex = new IdentityHashMap<>();
        for (Instance in : instances) {
            if (shapeIndex.putIfAbsent(in.shape(), order.size()) == null) order.add(in.shape());
        }
        int materialCount = open.materials().size();
        TriangleMesh groundMesh = groundMesh(open.settings().ground(), materialCount);
        if (groundMesh != null) {
            shapeIndex.put(groundMesh, order.size()); // after the shapes the top level reaches
            order.add(groundMesh);
        }
        long t0 = System.nanoTime();
        double[] hierarchyMillis = new double[1];
        for (Object shape : order) {
            if (!shapes.containsKey(shape)) shapes.put(shape, buildShape(shape, materialCount, hierarchyMillis));
        }
        shapes.keySet().retainAll(shapeIndex.keySet()); // forget shapes no longer in the scene
        java.util.Set<ShapeHierarchy> kept = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        kept.addAll(shapes.values());
        ownLayouts.keySet().retainAll(kept);
        coarse.keySet().retainAll(shapeIndex.keySet());
        if (lastLevel == null || !sameIdentities(order, lastShapeOrder)) {
            lastLevel = ShapeLevel.concatenate(order, shapes, lastLevel, ownLayouts);
            lastShapeOrder = order;
        }
        ShapeLevel level = lastLevel;
        Instance groundInstance = groundMesh == null ? null : new Instance(groundMesh, new Matrix4f(), new Matrix4f());
        TopLevel top = TopLevel.build(instances, groundInstance, shapeIndex, shapes, level);
        float[] ground = groundMesh == null ? null
                : GroundShape.record(level.primitives, level.vertices, level.primitiveBase[order.size() - 1], instances.size());
        List<TextureAtlas.Key> textures = TextureAtlas.keysOf(open.materials());
        boolean newAtlas = !textures.equals(lastAtlas.keys());
        if (newAtlas) lastAtlas = TextureAtlas.build(textures, textureSource);
        if (newAtlas || !open.materials().equals(lastMaterials)) {
            lastMaterials = open.materials();
            lastMaterialTexels = GeometryImagePacker.packMaterials(lastMaterials, lastAtlas);
        }
        if (!open.lights().equals(lastLights)) {
            lastLights = open.lights();
            lastLightTexels = GeometryImagePacker.packLights(lastLights);
        }
        EnvironmentMap environment = environment(open.settings().environment());
        long instanced = 0;
        for (Instance in : instances) instanced += shapes.get(in.shape()).primitiveCount();
        long stepBound = top.nodeCount() + instances.size() + 1L;
        for (Instance in : instances) stepBound += shapes.get(in.shape()).nodeCount();
        long b0 = System.nanoTime();
        // made once per shape level, like the level's arrays (0 ms when reused); none for non-binary trees
        BoxLayout boxes = throwBack > 0 ? null : level.boxLayout();
        double boxMillis = (System.nanoTime() - b0) / 1e6;
        lastTimings = new Timings(hierarchyMillis[0], (System.nanoTime() - t0) / 1e6 - hierarchyMillis[0] - boxMillis, boxMillis, linearBvhBuilt);
        linearBvhBuilt = null;
        linearBvhBuiltTriangles = 0;
        return new GeometryImage(level.nodes, level.primitives, level.vertices, top.nodes(), top.instances(),
                lastMaterialTexels, lastLightTexels, lastAtlas.texels(), level.nodeCount, top.nodeCount(), instances.size(),
                level.triangleCount, level.sphereCount, instanced, materialCount, open.lights().size(),
                level.depth + top.depth(), stepBound, top.radius(), top.center(), moves(instances),
                lastAtlas.imageCount(), boxes, level.voxelShapes(order), environment, ground);
    }

    /**
     * The one-triangle mesh that packs {@code ground} ({@link GroundShape}), the same object while the
     * plane stays the same, so the shape level is reused; null for no ground plane.
     */
    private TriangleMesh groundMesh(GroundPlane ground, int materialCount) {
        if (ground == null) return null;
        checkMaterial(ground.material(), "ground plane", materialCount);
        if (!ground.equals(lastGround)) {
            lastGround = ground;
            lastGroundMesh = GroundShape.mesh(ground);
        }
        return lastGroundMesh;
    }

    /**
     * The map of {@code settings}' picture, read once per path (its tables kept while only the turn
     * and strength change); null for none, or when the source cannot provide the picture (it has
     * told its user why, and the scene renders with its background colour).
     */
    private EnvironmentMap environment(org.drtstudio.scene.Environment settings) {
        if (settings == null) return null;
        if (!settings.path().equals(lastEnvironmentPath)) {
            lastEnvironmentPath = settings.path();
            org.drtstudio.scene.TextureImage picture = textureSource.load(settings.path(), org.drtstudio.scene.TextureImage.Encoding.ENVIRONMENT);
            lastEnvironment = picture == null ? null : EnvironmentMap.of(picture, settings);
        }
        return lastEnvironment == null ? null : lastEnvironment.withPlacement(settings);
    }

    private static boolean moves(List<Instance> instances) {
        for (Instance in : instances) if (!in.open().equals(in.close())) return true;
        return false;
    }

    /**
     * Where the last {@link #build} spent its time: building the hierarchies of new shapes (binned
     * SAH and bounding spheres), deriving the box layout the tracers walk (only when the shape
     * level is new), and everything else (packing nodes, primitives and vertices, concatenating
     * shapes, the top level, materials and lights). {@code linearBvh} names the linear BVH builder
     * that made the trees of this build's new meshes and its steps for the largest of them (a model's
     * millions of triangles, not the two of the ground plane built after it), null when the binned
     * build made them all.
     */
    public record Timings(double hierarchyMillis, double packMillis, double boxLayoutMillis, String linearBvh) {
    }

    private Timings lastTimings = new Timings(0, 0, 0, null);
    /** What {@link Timings#linearBvh} says for the build under way, and the triangles of the mesh it describes. */
    private String linearBvhBuilt;
    private int linearBvhBuiltTriangles;

    /** The phases of the last {@link #build}. */
    public Timings lastTimings() {
        return lastTimings;
    }

    private ShapeHierarchy buildShape(Object shape, int materialCount, double[] hierarchyMillis) {
        if (shape instanceof TriangleMesh mesh) {
            for (int m : mesh.triangleMaterials()) checkMaterial(m, mesh.name(), materialCount);
            if (mesh.triangleCount() >= linearBvhFrom && throwBack == 0) return linearBvhShape(mesh, hierarchyMillis);
            if (mesh.triangleCount() < coarseFrom || throwBack > 0) return ShapeHierarchyBuilder.of(mesh, hierarchyMillis, throwBack);
            ShapeHierarchyBuilder.StagedMesh staged = ShapeHierarchyBuilder.staged(mesh, hierarchyMillis);
            coarse.put(mesh, staged);
            return staged.coarse();
        }
        @SuppressWarnings("unchecked") List<Sphere> spheres = (List<Sphere>) shape;
        for (Sphere s : spheres) checkMaterial(s.material(), "spheres", materialCount);
        return ShapeHierarchyBuilder.of(spheres, hierarchyMillis, throwBack);
    }

    /** A mesh's shape with the tree {@link #linearBvh} builds, its box layout kept for the level. */
    private ShapeHierarchy linearBvhShape(TriangleMesh mesh, double[] hierarchyMillis) {
        ShapeHierarchyBuilder.checkFinite(mesh);
        long t0 = System.nanoTime();
        // The vertices do not depend on the tree: packed on the CPU while a GPU builds it (a 10M-triangle
        // terrain's 160 MB), where the cores had waited for the kernels and the read back.
        CompletableFuture<float[]> vertices = CompletableFuture.supplyAsync(() -> ShapeHierarchyBuilder.packedVertices(mesh));
        LinearBvh tree;
        try {
            tree = linearBvh.build(mesh.positions(), mesh.indices());
        } catch (RuntimeException | Error e) {
            vertices.cancel(false);
            throw e;
        }
        LinearBvhShapes.Built built = LinearBvhShapes.of(mesh, tree, joined(vertices));
        hierarchyMillis[0] += (System.nanoTime() - t0) / 1e6;
        if (linearBvhBuilt == null || mesh.triangleCount() >= linearBvhBuiltTriangles) {
            linearBvhBuilt = String.format(java.util.Locale.ROOT, "%s; %,d triangles, %s", linearBvh.describe(), mesh.triangleCount(),
                    built.describe());
            linearBvhBuiltTriangles = mesh.triangleCount();
        }
        ownLayouts.put(built.hierarchy(), built.boxes());
        return built.hierarchy();
    }

    /** A task's result, its failure thrown as it was (an OutOfMemoryError stays one). */
    private static float[] joined(CompletableFuture<float[]> task) {
        try {
            return task.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error error) throw error;
            throw e;
        }
    }

    private static void checkMaterial(int material, String owner, int materialCount) {
        if (material < 0 || material >= materialCount)
            throw new IllegalArgumentException("'" + owner + "' uses material " + material + " but the scene has " + materialCount);
    }

    private static boolean sameIdentities(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }

    /** All distinct shapes' hierarchies concatenated, links, primitive starts and vertex indices made global. */
    private static final class ShapeLevel {
        DeferredFloats nodes;
        float[] primitives, vertices;
        int[] rootOf; // per shape (in order): its root node index
        int nodeCount, triangleCount, sphereCount, depth;
        private BoxLayout boxLayout;
        /** The shapes, in order, with their hierarchies and first primitives: what a later level reuses of this one's box layout. */
        private List<Object> order;
        private ShapeHierarchy[] hierarchies;
        private int[] primitiveBase;
        /** The level this one replaces, until this one's box layout is made from its parts. */
        private ShapeLevel previous;
        /** Box layouts made with their shapes' trees (linear BVHs), by hierarchy. */
        private Map<ShapeHierarchy, BoxLayout> own = Map.of();

        /** The shapes (in {@code order}, this level's) made of a voxel space's faces, by root. */
        List<GeometryImage.VoxelShape> voxelShapes(List<Object> order) {
            List<GeometryImage.VoxelShape> out = new ArrayList<>();
            for (int k = 0; k < order.size(); k++)
                if (order.get(k) instanceof TriangleMesh m && m.voxels() != null)
                    out.add(new GeometryImage.VoxelShape(rootOf[k], m.voxels()));
            return out;
        }

        /**
         * The box layout the tracers walk, made once per shape level (moving transforms reuses it).
         * Shapes the previous level held are copied from its layout and only new shapes are laid
         * out: adding or removing a model does not derive every other shape's boxes again.
         */
        BoxLayout boxLayout() {
            if (boxLayout == null) {
                Map<Object, Integer> before = previousShapes();
                boxLayout = reusable(before) || ownLayoutOfAny() ? assembled(before) : built();
                previous = null;
            }
            return boxLayout;
        }

        /**
         * Each shape hierarchy of the previous level by its index there; empty when there is no
         * layout to copy from. Keyed by hierarchy, not shape: a refined shape is laid out anew.
         */
        private Map<Object, Integer> previousShapes() {
            Map<Object, Integer> before = new IdentityHashMap<>();
            if (previous != null && previous.boxLayout != null)
                for (int j = 0; j < previous.order.size(); j++) before.put(previous.hierarchies[j], j);
            return before;
        }

        /**
         * Whether copying the previous level's shapes pays: when they hold at least as many primitives
         * as the new ones. Copying a shape's part is several times cheaper than laying it out, but
         * a new shape's own layout is copied once more into the level's: importing a 1M-triangle
         * model into a scene of a few small shapes so lays the whole level out, as before.
         */
        private boolean reusable(Map<Object, Integer> before) {
            long reused = 0, fresh = 0;
            for (int k = 0; k < order.size(); k++) {
                if (before.containsKey(hierarchies[k])) reused += hierarchies[k].primitiveCount();
                else fresh += hierarchies[k].primitiveCount();
            }
            return reused > 0 && reused >= fresh;
        }

        private boolean ownLayoutOfAny() {
            for (ShapeHierarchy h : hierarchies) if (own.containsKey(h)) return true;
            return false;
        }

        private BoxLayout built() {
            List<int[]> roots = new ArrayList<>();
            for (int k = 0; k < rootOf.length; k++) {
                int end = k + 1 < rootOf.length ? rootOf[k + 1] : nodeCount;
                roots.add(new int[]{rootOf[k], end - rootOf[k]});
            }
            return BoxLayout.build(nodes.get(), nodeCount, primitives, vertices, roots);
        }

        private BoxLayout assembled(Map<Object, Integer> before) {
            List<BoxLayout.Part> parts = new ArrayList<>();
            for (int k = 0; k < order.size(); k++) {
                ShapeHierarchy h = hierarchies[k];
                Integer j = before.get(h);
                BoxLayout mine = own.get(h);
                parts.add(j != null
                        ? new BoxLayout.Part(previous.boxLayout, j, previous.primitiveBase[j], h.primitiveCount(), primitiveBase[k])
                        : mine != null ? new BoxLayout.Part(mine, 0, 0, h.primitiveCount(), primitiveBase[k])
                        : new BoxLayout.Part(BoxLayout.build(h.nodes(), h.nodeCount(), h.primitives(), h.vertices(),
                        List.<int[]>of(new int[]{0, h.nodeCount()})), 0, 0, h.primitiveCount(), primitiveBase[k]));
            }
            return BoxLayout.assemble(parts, rootOf, primitives.length / (4 * PRIMITIVE_TEXELS));
        }

        static ShapeLevel concatenate(List<Object> order, Map<Object, ShapeHierarchy> shapes, ShapeLevel previous,
                                      Map<ShapeHierarchy, BoxLayout> ownLayouts) {
            ShapeLevel l = order.size() == 1 ? of(shapes.get(order.get(0))) : concatenate(order, shapes);
            l.own = new IdentityHashMap<>(ownLayouts);
            l.order = List.copyOf(order);
            l.hierarchies = new ShapeHierarchy[order.size()];
            l.primitiveBase = new int[order.size()];
            int base = 0;
            for (int k = 0; k < order.size(); k++) {
                l.hierarchies[k] = shapes.get(order.get(k));
                l.primitiveBase[k] = base;
                base += l.hierarchies[k].primitiveCount();
            }
            // Only a level whose layout was made is of use (and so no chain of levels is kept alive).
            l.previous = previous != null && previous.boxLayout != null ? previous : null;
            return l;
        }

        private static ShapeLevel concatenate(List<Object> order, Map<Object, ShapeHierarchy> shapes) {
            ShapeLevel l = new ShapeLevel();
            int nodes = 0, prims = 0, verts = 0;
            for (Object s : order) {
                ShapeHierarchy h = shapes.get(s);
                nodes += h.nodeCount();
                prims += h.primitiveCount();
                verts += h.vertexCount();
                l.triangleCount += h.triangleCount();
                l.sphereCount += h.sphereCount();
                l.depth = Math.max(l.depth, h.depth());
            }
            l.nodeCount = nodes;
            l.primitives = new float[4 * PRIMITIVE_TEXELS * prims];
            l.vertices = new float[4 * VERTEX_TEXELS * verts];
            l.rootOf = new int[order.size()];
            List<ShapeHierarchy> inOrder = new ArrayList<>();
            for (Object s : order) inOrder.add(shapes.get(s));
            int total = nodes;
            l.nodes = DeferredFloats.deferred(4L * NODE_TEXELS * total, () -> concatenatedNodes(inOrder, total)); // as deferred as the shapes' own
            int nodeBase = 0, primBase = 0, vertexBase = 0;
            for (int k = 0; k < order.size(); k++) {
                ShapeHierarchy h = shapes.get(order.get(k));
                l.rootOf[k] = nodeBase;
                ParallelRanges.copy(h.primitives(), l.primitives, 4 * PRIMITIVE_TEXELS * primBase);
                ParallelRanges.copy(h.vertices(), l.vertices, 4 * VERTEX_TEXELS * vertexBase);
                if (vertexBase > 0) shiftVertexIndices(l.primitives, primBase, h.primitiveCount(), vertexBase);
                nodeBase += h.nodeCount();
                primBase += h.primitiveCount();
                vertexBase += h.vertexCount();
            }
            return l;
        }

        /**
         * Moves the vertex indices of primitives [first, first + count) by {@code shift}, on every
         * core: a large model imported after the floor has millions of them.
         */
        private static void shiftVertexIndices(float[] primitives, int first, int count, int shift) {
            ParallelRanges.forEach(count, (from, to) -> {
                for (int p = from; p < to; p++) {
                    int b = 4 * PRIMITIVE_TEXELS * (first + p);
                    boolean triangle = kindOf(Float.floatToRawIntBits(primitives[b + 3])) == KIND_TRIANGLE;
                    for (int c = 0; c < (triangle ? 3 : 1); c++)
                        primitives[b + c] = Float.intBitsToFloat(Float.floatToRawIntBits(primitives[b + c]) + shift);
                }
            });
        }

        /** The shapes' sphere nodes one after the other, their links and primitive starts made global. */
        private static float[] concatenatedNodes(List<ShapeHierarchy> shapes, int nodeCount) {
            float[] all = new float[4 * NODE_TEXELS * nodeCount];
            int nodeBase = 0, primBase = 0;
            for (ShapeHierarchy h : shapes) {
                float[] src = h.nodes();
                int o = 4 * NODE_TEXELS * nodeBase;
                System.arraycopy(src, 0, all, o, src.length);
                for (int i = 0; i < h.nodeCount(); i++) {
                    int b = o + 4 * NODE_TEXELS * i;
                    all[b + NodeField.HIT] = offsetLink(all[b + NodeField.HIT], nodeBase);
                    all[b + NodeField.MISS] = offsetLink(all[b + NodeField.MISS], nodeBase);
                    int count = Float.floatToRawIntBits(all[b + NodeField.PRIM_COUNT]);
                    if (count > 0) all[b + NodeField.PRIM_START] = Float.intBitsToFloat(Float.floatToRawIntBits(all[b + NodeField.PRIM_START]) + primBase);
                }
                nodeBase += h.nodeCount();
                primBase += h.primitiveCount();
            }
            return all;
        }

        /**
         * One shape: its own arrays, shared rather than copied (its links and indices need no
         * offset), so a single 1M-triangle mesh is not held twice (63 MB) nor copied once more.
         */
        private static ShapeLevel of(ShapeHierarchy h) {
            ShapeLevel l = new ShapeLevel();
            l.nodes = h.sphereNodes();
            l.primitives = h.primitives();
            l.vertices = h.vertices();
            l.rootOf = new int[]{0};
            l.nodeCount = h.nodeCount();
            l.triangleCount = h.triangleCount();
            l.sphereCount = h.sphereCount();
            l.depth = h.depth();
            return l;
        }

        private static float offsetLink(float link, int base) {
            int v = Float.floatToRawIntBits(link);
            return v == END ? link : Float.intBitsToFloat(v + base);
        }
    }

    /**
     * The hierarchy over instances (one instance per leaf) and the instance texels; the ground plane's
     * instance, when there is one, is written after the others and left out of the hierarchy.
     */
    private record TopLevel(float[] nodes, float[] instances, int nodeCount, int depth, float radius, float[] center) {
        static TopLevel build(List<Instance> list, Instance ground, Map<Object, Integer> shapeIndex,
                              Map<Object, ShapeHierarchy> shapes, ShapeLevel level) {
            int n = list.size();
            float[] spheres = new float[4 * n];
            float[] inst = new float[4 * INSTANCE_TEXELS * (ground == null ? n : n + 1)];
            Aabb bounds = Aabb.EMPTY;
            Matrix4f inverse = new Matrix4f();
            Vector4f row = new Vector4f();
            if (ground != null) putInstance(inst, n, ground, shapeIndex, shapes, level, inverse, row);
            for (int i = 0; i < n; i++) {
                Instance in = list.get(i);
                ShapeHierarchy h = shapes.get(in.shape());
                float[] a = worldSphere(h.bound(), in.open()), b = worldSphere(h.bound(), in.close());
                float[] s = enclose(a, b);
                System.arraycopy(s, 0, spheres, 4 * i, 4);
                bounds = bounds.include(new Vec3(s[0] - s[3], s[1] - s[3], s[2] - s[3]))
                        .include(new Vec3(s[0] + s[3], s[1] + s[3], s[2] + s[3]));
                putInstance(inst, i, in, shapeIndex, shapes, level, inverse, row);
            }
            SphereHierarchy top = SphereHierarchyBuilder.build(FlatScene.ofSpheres(spheres, new int[n]), 1);
            float[] nodes = new float[4 * NODE_TEXELS * top.nodeCount()];
            for (int i = 0; i < top.nodeCount(); i++) {
                int o = 4 * NODE_TEXELS * i;
                System.arraycopy(top.spheres(), 4 * i, nodes, o, 4);
                nodes[o + NodeField.HIT] = Float.intBitsToFloat(top.hit()[i]);
                nodes[o + NodeField.MISS] = Float.intBitsToFloat(top.miss()[i]);
                nodes[o + NodeField.PRIM_COUNT] = Float.intBitsToFloat(top.primCount()[i]);
                // A top-level leaf names its instance directly.
                nodes[o + NodeField.PRIM_START] = Float.intBitsToFloat(top.primCount()[i] > 0 ? top.primOrder()[top.primStart()[i]] : 0);
            }
            Vec3 c = bounds.center();
            return new TopLevel(nodes, inst, top.nodeCount(), top.depth(), 0.5f * bounds.extent().length(), new float[]{c.x(), c.y(), c.z()});
        }

        /** Instance record {@code i}: its four matrices and its shape's root and node count. */
        private static void putInstance(float[] inst, int i, Instance in, Map<Object, Integer> shapeIndex,
                                        Map<Object, ShapeHierarchy> shapes, ShapeLevel level, Matrix4f inverse, Vector4f row) {
            int o = 4 * INSTANCE_TEXELS * i;
            putRows(inst, o + InstanceField.TO_OBJECT_OPEN, in.open().invertAffine(inverse), row);
            putRows(inst, o + InstanceField.TO_OBJECT_CLOSE, in.close().invertAffine(inverse), row);
            putRows(inst, o + InstanceField.TO_WORLD_OPEN, in.open(), row);
            putRows(inst, o + InstanceField.TO_WORLD_CLOSE, in.close(), row);
            int shape = shapeIndex.get(in.shape());
            inst[o + InstanceField.ROOT] = Float.intBitsToFloat(level.rootOf[shape]);
            inst[o + InstanceField.NODE_COUNT] = Float.intBitsToFloat(shapes.get(in.shape()).nodeCount());
        }

        private static void putRows(float[] dst, int o, Matrix4fc m, Vector4f row) {
            for (int r = 0; r < 3; r++) {
                m.getRow(r, row);
                dst[o + 4 * r] = row.x;
                dst[o + 4 * r + 1] = row.y;
                dst[o + 4 * r + 2] = row.z;
                dst[o + 4 * r + 3] = row.w;
            }
        }

        /** The shape's bounding sphere carried into world space; the radius grows by the largest stretch of m. */
        private static float[] worldSphere(float[] bound, Matrix4fc m) {
            Vector3f c = m.transformPosition(bound[0], bound[1], bound[2], new Vector3f());
            Vector3f c0 = m.getColumn(0, new Vector3f()), c1 = m.getColumn(1, new Vector3f()), c2 = m.getColumn(2, new Vector3f());
            double stretch = Math.max(c0.length(), Math.max(c1.length(), c2.length()));
            double tol = 1e-6 * stretch * stretch;
            // Orthogonal columns: the largest column norm is the largest singular value; otherwise use
            // the Frobenius norm, which bounds it from above.
            if (Math.abs(c0.dot(c1)) > tol || Math.abs(c1.dot(c2)) > tol || Math.abs(c0.dot(c2)) > tol) {
                stretch = Math.sqrt(c0.lengthSquared() + c1.lengthSquared() + c2.lengthSquared());
            }
            float r = (float) (bound[3] * stretch * (1 + 1e-5));
            return new float[]{c.x, c.y, c.z, r};
        }

        private static float[] enclose(float[] a, float[] b) {
            double dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (d + b[3] <= a[3]) return a;
            if (d + a[3] <= b[3]) return b;
            double r = 0.5 * (d + a[3] + b[3]), k = (r - a[3]) / d;
            return new float[]{(float) (a[0] + dx * k), (float) (a[1] + dy * k), (float) (a[2] + dz * k), (float) (r * (1 + 1e-6))};
        }
    }
}
