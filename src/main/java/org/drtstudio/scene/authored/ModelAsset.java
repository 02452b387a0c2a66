package org.drtstudio.scene.authored;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import org.joml.Matrix4f;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A model file as loaded: its graph and its own materials. Equality is identity: one asset object
 * stands for one loaded file, and every leaf placing that file shares it, so the meshes it yields
 * are the same objects wherever and whenever the model is evaluated (the renderer stores each
 * mesh once).
 */
public final class ModelAsset {
    private final Path file;
    private final TransformNode root;
    private final List<Material> materials;
    /** Graphs with material indices shifted, per offset; computed once so mesh identity holds. */
    private final Map<Integer, TransformNode> placed = new ConcurrentHashMap<>();
    /** Which top-level child of the file's graph this asset stands for; −1: the whole file. */
    private final int part;
    /** Part assets made from this one, per index, so a part loaded twice is one asset (instancing). */
    private final Map<Integer, ModelAsset> parts = new ConcurrentHashMap<>();
    /** Why the file could not be read, for a {@link #placeholder}; null for a loaded file. */
    private final String missingReason;

    /**
     * @param file      the model file, absolute (project files store it relative to themselves)
     * @param root      the model's graph; its material indices refer to {@code materials}
     * @param materials the model's own materials
     */
    public ModelAsset(Path file, TransformNode root, List<Material> materials) {
        this(file, root, materials, -1);
    }

    private ModelAsset(Path file, TransformNode root, List<Material> materials, int part) {
        this(file, root, materials, part, null);
    }

    private ModelAsset(Path file, TransformNode root, List<Material> materials, int part, String missingReason) {
        if (file == null || root == null) throw new IllegalArgumentException("a model asset needs a file and a graph");
        this.file = file.toAbsolutePath().normalize();
        this.root = root;
        this.materials = List.copyOf(materials);
        this.part = part;
        this.missingReason = missingReason;
        placed.put(0, root);
    }

    /**
     * Stands in for a model file that could not be read when a project was opened for editing: an
     * empty graph and no materials, with the file and part it names, so the project's other work
     * opens and a save writes the reference back unchanged.
     *
     * @param part   the part the project names, or −1 for the whole file
     * @param reason why the file could not be read, in the user's words ("file not found")
     */
    public static ModelAsset placeholder(Path file, int part, String reason) {
        String name = file.getFileName() == null ? "model" : file.getFileName().toString();
        return new ModelAsset(file, new TransformNode(name + " (missing)", new Matrix4f(), List.of()), List.of(), part, reason);
    }

    /** Whether this stands in for a file that could not be read ({@link #placeholder}). */
    public boolean isPlaceholder() {
        return missingReason != null;
    }

    /** Why the file could not be read, for a placeholder; null for a loaded file. */
    public String missingReason() {
        return missingReason;
    }

    /** How many parts (top-level children of the file's graph) {@link #part(int)} can give. */
    public int partCount() {
        return root.children().size();
    }

    /**
     * One top-level child of this whole-file asset (a mesh, a sphere group or a sub-graph) as an
     * asset of its own, under the file root's transform, with all of the file's materials (so every
     * part of a file shares one material offset). The child's meshes are the file's own objects, and
     * the same index always gives the same asset, so parts keep instancing. A studio that opens a
     * scene file places each part under its own transform group, which makes it movable.
     */
    public ModelAsset part(int index) {
        if (part >= 0) throw new IllegalArgumentException("'" + root.name() + "' is already part " + part + " of " + file.getFileName());
        if (index < 0 || index >= partCount())
            throw new IllegalArgumentException("part " + index + " does not exist; " + file.getFileName() + " has " + partCount() + " top-level parts");
        return parts.computeIfAbsent(index, i -> {
            SceneNode child = root.children().get(i);
            return new ModelAsset(file, new TransformNode(child.name(), root.transform(), List.of(child)), materials, i);
        });
    }

    /** The index of the part this asset stands for, or −1 for the whole file. */
    public int partIndex() {
        return part;
    }

    public Path file() {
        return file;
    }

    public TransformNode root() {
        return root;
    }

    public List<Material> materials() {
        return materials;
    }

    /**
     * The material (an index into {@link #materials()}) of the graph's first triangle or sphere, or −1
     * when it has none: what an editor of "the model's material" should open on. Not simply the
     * first material: an OBJ's list starts with a default its faces need not use (a Cornell box's
     * faces use white, red, green and light, not the default before them).
     */
    public int firstUsedMaterial() {
        java.util.ArrayDeque<SceneNode> todo = new java.util.ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            SceneNode n = todo.poll();
            if (n instanceof MeshNode mesh && mesh.mesh().triangleMaterials().length > 0) return mesh.mesh().triangleMaterials()[0];
            if (n instanceof SphereNode spheres && !spheres.spheres().isEmpty()) return spheres.spheres().get(0).material();
            if (n instanceof TransformNode t) todo.addAll(t.children());
        }
        return -1;
    }

    /**
     * The graph with every material index raised by {@code offset}. The same offset always gives
     * the same objects; offset 0 gives {@link #root()} itself.
     */
    public TransformNode placed(int offset) {
        if (offset < 0) throw new IllegalArgumentException("material offset must be >= 0, got " + offset);
        return placed.computeIfAbsent(offset, o -> shift(root, o, new IdentityHashMap<>()));
    }

    /** @param meshes shifted copy per original mesh, so a mesh used twice in the model stays one object */
    private static TransformNode shift(TransformNode node, int offset, Map<TriangleMesh, TriangleMesh> meshes) {
        List<SceneNode> children = new ArrayList<>(node.children().size());
        for (SceneNode child : node.children()) {
            if (child instanceof TransformNode t) {
                children.add(shift(t, offset, meshes));
            } else if (child instanceof MeshNode m) {
                children.add(new MeshNode(m.name(), meshes.computeIfAbsent(m.mesh(), mesh -> shift(mesh, offset))));
            } else if (child instanceof SphereNode s) {
                List<Sphere> spheres = new ArrayList<>(s.spheres().size());
                for (Sphere sp : s.spheres()) spheres.add(new Sphere(sp.center(), sp.radius(), sp.material() + offset));
                children.add(new SphereNode(s.name(), spheres));
            }
        }
        return new TransformNode(node.name(), node.transform(), children);
    }

    private static TriangleMesh shift(TriangleMesh mesh, int offset) {
        int[] shifted = mesh.triangleMaterials().clone();
        for (int i = 0; i < shifted.length; i++) shifted[i] += offset;
        return mesh.withMaterials(shifted);
    }

    @Override
    public String toString() {
        return "ModelAsset[" + file + (part >= 0 ? " part " + part : "") + ", " + (missingReason != null ? "missing" : materials.size() + " materials") + "]";
    }
}
