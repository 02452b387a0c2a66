package org.drtstudio.accel;

import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;

import java.util.List;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Builds the {@link ShapeHierarchy} of a mesh or of a group of spheres, in object space. A mesh's
 * vertices are stored once and shared by its triangles (position and texture u | normal and v);
 * a mesh without texture coordinates has its triangles flagged so both tracers use pbrt's default
 * (0,0), (1,0), (1,1) per triangle instead, and a textured material still shows its texture. A
 * sphere group stores one vertex entry per sphere (centre, radius).
 */
public final class ShapeHierarchyBuilder {
    private ShapeHierarchyBuilder() {
    }

    public static ShapeHierarchy of(TriangleMesh mesh) {
        return of(mesh, new double[1]);
    }

    /** As {@link #of(TriangleMesh)}, adding the milliseconds of the hierarchy build (not the packing) to {@code hierarchyMillis[0]}. */
    static ShapeHierarchy of(TriangleMesh mesh, double[] hierarchyMillis) {
        return of(mesh, hierarchyMillis, 0);
    }

    /**
     * As {@link #of(TriangleMesh, double[])}; {@code throwBack} &gt; 0 makes the DRT paper's
     * non-binary tree from the binary one ({@link SphereThrowBack}, that ratio), 0 keeps it binary.
     */
    static ShapeHierarchy of(TriangleMesh mesh, double[] hierarchyMillis, float throwBack) {
        long t0 = System.nanoTime();
        SphereHierarchy h = thrownBack(SphereHierarchyBuilder.build(flat(mesh)), throwBack);
        hierarchyMillis[0] += (System.nanoTime() - t0) / 1e6;
        return packed(h, mesh, null);
    }

    /**
     * A mesh's hierarchy in two stages ({@link SphereHierarchyBuilder#buildStaged}): a coarse one
     * at once, for a first picture sooner, and the full one when asked for.
     */
    static final class StagedMesh {
        private final TriangleMesh mesh;
        private final SphereHierarchyBuilder.Staged stages;
        private final ShapeHierarchy coarse;

        private StagedMesh(TriangleMesh mesh, SphereHierarchyBuilder.Staged stages, ShapeHierarchy coarse) {
            this.mesh = mesh;
            this.stages = stages;
            this.coarse = coarse;
        }

        ShapeHierarchy coarse() {
            return coarse;
        }

        /** The full hierarchy, as {@link #of(TriangleMesh)} builds it (the coarse one's vertices are shared). */
        ShapeHierarchy refine() {
            return packed(stages.refine(), mesh, coarse.vertices());
        }
    }

    /** As {@link #of(TriangleMesh, double[])}, in two stages. */
    static StagedMesh staged(TriangleMesh mesh, double[] hierarchyMillis) {
        long t0 = System.nanoTime();
        SphereHierarchyBuilder.Staged stages = SphereHierarchyBuilder.buildStaged(flat(mesh));
        hierarchyMillis[0] += (System.nanoTime() - t0) / 1e6;
        return new StagedMesh(mesh, stages, packed(stages.coarse(), mesh, null));
    }

    /**
     * The mesh as the builder's input. A coordinate that is not a finite number, or beyond
     * {@link TriangleMesh#MAX_COORDINATE}, would make every bounding volume above it NaN or infinite
     * and hide the whole mesh from the GPU walk and its twin (Embree would skip just that triangle):
     * the readers refuse such files, and a mesh that got here anyway is refused with its name.
     *
     * @throws IllegalArgumentException naming the mesh
     */
    private static FlatScene flat(TriangleMesh mesh) {
        checkFinite(mesh);
        return new FlatScene(mesh.positions(), mesh.indices(), mesh.triangleMaterials(), new float[0], new int[0]);
    }

    /** @throws IllegalArgumentException naming the mesh when a coordinate is not finite or beyond {@link TriangleMesh#MAX_COORDINATE} (see {@link #flat}) */
    static void checkFinite(TriangleMesh mesh) {
        for (float v : mesh.positions()) {
            if (!(Math.abs(v) <= TriangleMesh.MAX_COORDINATE)) {
                throw new IllegalArgumentException("mesh '" + mesh.name() + "' has a vertex coordinate that is not a finite number of at most 1e18");
            }
        }
    }

    /** Nodes, primitives and vertices of a mesh's hierarchy; {@code shared} are its vertices when already made (they do not depend on the tree). */
    static ShapeHierarchy packed(SphereHierarchy h, TriangleMesh mesh, float[] shared) {
        // Nodes first, then let the hierarchy go (all but its primitive order) before the primitives
        // and vertices are made: the import's peak memory is here (docs/BENCHMARKS.md).
        float[] nodes = packNodes(h);
        int[] order = h.primOrder();
        int nodeCount = h.nodeCount(), depth = h.depth();
        h = null;
        float[] bound = {nodes[0], nodes[1], nodes[2], nodes[3]}; // the root's sphere
        return packed(DeferredFloats.of(nodes), bound, nodeCount, depth, order, mesh, shared);
    }

    /**
     * As {@link #packed(SphereHierarchy, TriangleMesh, float[])} for nodes packed elsewhere, now or
     * later (a linear BVH's, {@link LinearBvhSpheres}), with a sphere {@code bound} around the mesh.
     */
    static ShapeHierarchy packed(DeferredFloats nodes, float[] bound, int nodeCount, int depth, int[] order, TriangleMesh mesh,
                                 float[] shared) {
        int tris = mesh.triangleCount(), verts = mesh.vertexCount();
        float[] p = mesh.positions(), vn = mesh.normals(), vt = mesh.texCoords();
        return new ShapeHierarchy(nodes, packPrimitives(order, mesh.indices(), mesh.triangleMaterials(), vt != null, tris),
                shared != null ? shared : packVertices(p, vn, vt, verts), nodeCount, tris, 0, depth, bound);
    }

    /** A mesh's vertices as the geometry image stores them (they do not depend on the tree: {@code shared} above). */
    static float[] packedVertices(TriangleMesh mesh) {
        return packVertices(mesh.positions(), mesh.normals(), mesh.texCoords(), mesh.vertexCount());
    }

    private static float[] packVertices(float[] p, float[] vn, float[] vt, int verts) {
        // Every vertex and primitive is packed on its own, so both loops run on every core.
        float[] vertices = new float[4 * VERTEX_TEXELS * verts];
        ParallelRanges.forEach(verts, (from, to) -> {
            for (int i = from; i < to; i++) {
                int o = 4 * VERTEX_TEXELS * i;
                vertices[o + VertexField.POSITION] = p[3 * i];
                vertices[o + VertexField.POSITION + 1] = p[3 * i + 1];
                vertices[o + VertexField.POSITION + 2] = p[3 * i + 2];
                vertices[o + VertexField.NORMAL] = vn[3 * i];
                vertices[o + VertexField.NORMAL + 1] = vn[3 * i + 1];
                vertices[o + VertexField.NORMAL + 2] = vn[3 * i + 2];
                if (vt != null) {
                    vertices[o + VertexField.U] = vt[2 * i];
                    vertices[o + VertexField.V] = vt[2 * i + 1];
                }
            }
        });
        return vertices;
    }

    private static float[] packPrimitives(int[] order, int[] idx, int[] materials, boolean textured, int tris) {
        float[] prims = new float[4 * PRIMITIVE_TEXELS * tris];
        ParallelRanges.forEach(tris, (from, to) -> {
            for (int s = from; s < to; s++) {
                int t = order[s], o = 4 * PRIMITIVE_TEXELS * s;
                prims[o] = Float.intBitsToFloat(idx[3 * t]);
                prims[o + 1] = Float.intBitsToFloat(idx[3 * t + 1]);
                prims[o + 2] = Float.intBitsToFloat(idx[3 * t + 2]);
                prims[o + 3] = Float.intBitsToFloat(primitiveInfo(KIND_TRIANGLE, textured, materials[t]));
            }
        });
        return prims;
    }

    public static ShapeHierarchy of(List<Sphere> spheres) {
        return of(spheres, new double[1]);
    }

    /** As {@link #of(List)}, adding the milliseconds of the hierarchy build to {@code hierarchyMillis[0]}. */
    static ShapeHierarchy of(List<Sphere> spheres, double[] hierarchyMillis) {
        return of(spheres, hierarchyMillis, 0);
    }

    /** As {@link #of(List, double[])}, non-binary when {@code throwBack} &gt; 0 (as for meshes). */
    static ShapeHierarchy of(List<Sphere> spheres, double[] hierarchyMillis, float throwBack) {
        int n = spheres.size();
        float[] s = new float[4 * n];
        int[] m = new int[n];
        for (int i = 0; i < n; i++) {
            Sphere sp = spheres.get(i);
            s[4 * i] = sp.center().x();
            s[4 * i + 1] = sp.center().y();
            s[4 * i + 2] = sp.center().z();
            s[4 * i + 3] = sp.radius();
            m[i] = sp.material();
        }
        long t0 = System.nanoTime();
        SphereHierarchy h = thrownBack(SphereHierarchyBuilder.build(FlatScene.ofSpheres(s, m)), throwBack);
        hierarchyMillis[0] += (System.nanoTime() - t0) / 1e6;
        float[] vertices = new float[4 * VERTEX_TEXELS * n];
        for (int i = 0; i < n; i++) System.arraycopy(s, 4 * i, vertices, 4 * VERTEX_TEXELS * i, 4);
        float[] prims = new float[4 * PRIMITIVE_TEXELS * n];
        int[] order = h.primOrder();
        for (int slot = 0; slot < n; slot++) {
            int i = order[slot], o = 4 * PRIMITIVE_TEXELS * slot;
            prims[o] = Float.intBitsToFloat(i);
            prims[o + 3] = Float.intBitsToFloat(primitiveInfo(KIND_SPHERE, false, m[i]));
        }
        float[] bound = {h.spheres()[0], h.spheres()[1], h.spheres()[2], h.spheres()[3]}; // the root's sphere
        return new ShapeHierarchy(DeferredFloats.of(packNodes(h)), prims, vertices, h.nodeCount(), 0, n, h.depth(), bound);
    }

    private static SphereHierarchy thrownBack(SphereHierarchy binary, float ratio) {
        return ratio > 0 ? SphereThrowBack.apply(binary, ratio) : binary;
    }

    /** Nodes in the layout of {@link GeometryImagePacker}, links and primitive starts shape-local. */
    static float[] packNodes(SphereHierarchy h) {
        int nodeCount = h.nodeCount();
        float[] nodes = new float[4 * NODE_TEXELS * nodeCount];
        ParallelRanges.forEach(nodeCount, (from, to) -> {
            for (int i = from; i < to; i++) {
                int o = 4 * NODE_TEXELS * i;
                System.arraycopy(h.spheres(), 4 * i, nodes, o, 4);
                nodes[o + NodeField.HIT] = Float.intBitsToFloat(h.hit()[i]);
                nodes[o + NodeField.MISS] = Float.intBitsToFloat(h.miss()[i]);
                nodes[o + NodeField.PRIM_COUNT] = Float.intBitsToFloat(h.primCount()[i]);
                nodes[o + NodeField.PRIM_START] = Float.intBitsToFloat(h.primStart()[i]);
            }
        });
        return nodes;
    }
}
