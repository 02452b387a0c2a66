package org.drtstudio.io.gltf;

import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.MaterialModel;
import de.javagl.jgltf.model.MeshModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.scene.TriangleMesh;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * A glTF mesh as one {@link TriangleMesh}: its primitives' triangles together, each with its
 * primitive's material. Built once per mesh and shared by every node that places it (instancing).
 *
 * <ul>
 *   <li>Modes: triangles, triangle strips and fans (as triangles, strips alternating so every
 *       triangle keeps the front's counter-clockwise order); points and lines are skipped with a
 *       warning.</li>
 *   <li>Indexed and non-indexed primitives; an index past the primitive's vertices is an error.</li>
 *   <li>{@code NORMAL} normalised; without it, flat normals as the specification asks (each
 *       triangle its own three vertices).</li>
 *   <li>{@code TEXCOORD_0}, with v turned over: glTF's v runs down the picture, the tracers' up.
 *       A primitive without it gets (0, 0) when another primitive of the mesh has them.</li>
 * </ul>
 */
final class GltfMeshes {
    static final int TRIANGLES = 4, TRIANGLE_STRIP = 5, TRIANGLE_FAN = 6;
    /** Vertices and indices of one mesh at most: three floats or ints each must fit one Java array. */
    static final long MAX_ELEMENTS = (Integer.MAX_VALUE - 8) / 3;

    private final Path file;
    private final WarningLog warnings;
    private final ToIntFunction<MaterialModel> materialIndex;
    private final GltfAccessors accessors;
    private final Map<MeshModel, TriangleMesh> built = new IdentityHashMap<>();
    /**
     * Vertices and indices all meshes may still take: primitives may share one accessor, so without
     * a bound a few bytes of JSON could ask for the same large buffer a thousand times over.
     */
    private long elementBudget;

    /**
     * @param materialIndex the scene material of a primitive's material (null: the default)
     * @param accessors     the file's accessors
     * @param dataBytes     the bytes of all the file's buffers: the budget is a small multiple of them
     */
    GltfMeshes(Path file, WarningLog warnings, ToIntFunction<MaterialModel> materialIndex, GltfAccessors accessors, long dataBytes) {
        this.file = file;
        this.accessors = accessors;
        this.warnings = warnings;
        this.materialIndex = materialIndex;
        this.elementBudget = (1L << 20) + 2 * dataBytes;
    }

    /** The mesh's triangles, or null when it has none (only points or lines). */
    TriangleMesh of(MeshModel mesh, String name) throws SceneFormatException {
        if (built.containsKey(mesh)) return built.get(mesh);
        TriangleMesh result = build(mesh, name);
        built.put(mesh, result);
        return result;
    }

    private TriangleMesh build(MeshModel mesh, String name) throws SceneFormatException {
        boolean anyUv = false;
        for (MeshPrimitiveModel p : mesh.getMeshPrimitiveModels()) anyUv |= p.getAttributes().get("TEXCOORD_0") != null && isTriangles(p);
        Growing g = new Growing(anyUv);
        int primitiveIndex = 0;
        for (MeshPrimitiveModel p : mesh.getMeshPrimitiveModels()) {
            String where = "mesh " + Excerpt.quote(name) + " primitive " + primitiveIndex++;
            if (!isTriangles(p)) {
                warnings.add("mode", 0, where + ": points and lines are not rendered; skipped");
                continue;
            }
            AccessorModel position = p.getAttributes().get("POSITION");
            if (position == null || GltfAccessors.components(position) != 3) {
                warnings.add("position", 0, where + " has no VEC3 POSITION; skipped");
                continue;
            }
            int n = position.getCount();
            float[] positions = accessors.floats(position, 3);
            for (float v : positions) {
                if (!Float.isFinite(v)) throw new SceneFormatException(file, 0, where + ": a position is not a finite number");
            }
            AccessorModel normal = p.getAttributes().get("NORMAL");
            float[] normals = normal != null && normal.getCount() == n && GltfAccessors.components(normal) == 3
                    ? accessors.floats(normal, 3) : null;
            if (normal != null && normals == null) warnings.add("normal", 0, where + ": NORMAL does not match POSITION; flat normals used");
            AccessorModel uv = p.getAttributes().get("TEXCOORD_0");
            float[] uvs = uv != null && uv.getCount() == n && GltfAccessors.components(uv) == 2 ? accessors.floats(uv, 2) : null;
            int[] triangles = triangles(p, n, where);
            elementBudget -= (long) n + triangles.length;
            if (elementBudget < 0) throw new SceneFormatException(file, 0, where + ": the meshes reuse their data more often than this "
                    + "reader allows (over twice the file's buffer bytes in vertices and indices)");
            int material = materialIndex.applyAsInt(p.getMaterialModel());
            if (normals == null) g.addFlat(positions, uvs, triangles, material, anyUv);
            else g.addSmooth(positions, normals, uvs, triangles, material, anyUv);
            if (g.vertices > MAX_ELEMENTS || g.indexCount > MAX_ELEMENTS)
                throw new SceneFormatException(file, 0, "mesh " + Excerpt.quote(name) + " has more than " + MAX_ELEMENTS + " vertices or indices");
        }
        if (g.indexCount == 0) return null;
        return new TriangleMesh(name, trimmed(g.positions, 3 * g.vertices), trimmed(g.normals, 3 * g.vertices),
                anyUv ? trimmed(g.uvs, 2 * g.vertices) : null, trimmed(g.indices, g.indexCount),
                trimmed(g.materials, g.indexCount / 3));
    }

    /** The array itself where it holds just {@code length} values (a mesh of one primitive), else its first {@code length}. */
    private static float[] trimmed(float[] a, int length) {
        return a.length == length ? a : Arrays.copyOf(a, length);
    }

    private static int[] trimmed(int[] a, int length) {
        return a.length == length ? a : Arrays.copyOf(a, length);
    }

    private static boolean isTriangles(MeshPrimitiveModel p) {
        int mode = p.getMode();
        return mode == TRIANGLES || mode == TRIANGLE_STRIP || mode == TRIANGLE_FAN;
    }

    /** The primitive's triangles as vertex triples, checked against its {@code n} vertices. */
    private int[] triangles(MeshPrimitiveModel p, int n, String where) throws SceneFormatException {
        int[] order;
        if (p.getIndices() != null) {
            order = accessors.ints(p.getIndices());
            for (int i : order) {
                if (i < 0 || i >= n) throw new SceneFormatException(file, 0, where + ": index " + i + " is out of range 0.." + (n - 1));
            }
        } else {
            order = new int[n];
            for (int i = 0; i < n; i++) order[i] = i;
        }
        int mode = p.getMode();
        if (mode == TRIANGLES) return trimmed(order, order.length / 3 * 3);
        int count = Math.max(0, order.length - 2);
        int[] out = new int[3 * count];
        for (int t = 0; t < count; t++) {
            if (mode == TRIANGLE_FAN) {
                out[3 * t] = order[0];
                out[3 * t + 1] = order[t + 1];
                out[3 * t + 2] = order[t + 2];
            } else {
                boolean even = (t & 1) == 0;
                out[3 * t] = order[t + (even ? 0 : 1)];
                out[3 * t + 1] = order[t + (even ? 1 : 0)];
                out[3 * t + 2] = order[t + 2];
            }
        }
        return out;
    }

    /** The mesh's arrays as they grow, primitive by primitive. */
    private static final class Growing {
        float[] positions = new float[48], normals = new float[48], uvs;
        int[] indices = new int[48], materials = new int[16];
        int vertices, indexCount;
        /** A face's normal, computed into this rather than a new array: a mesh has millions of faces. */
        private final float[] face = new float[3];

        /** @param anyUv whether the mesh has texture coordinates (else none are kept) */
        Growing(boolean anyUv) {
            uvs = new float[anyUv ? 32 : 0];
        }

        void addSmooth(float[] p, float[] nr, float[] uv, int[] triangles, int material, boolean anyUv) {
            int base = vertices, n = p.length / 3;
            ensureVertices(vertices + n);
            for (int v = 0; v < n; v++) {
                double x = nr[3 * v], y = nr[3 * v + 1], z = nr[3 * v + 2], length = Math.sqrt(x * x + y * y + z * z);
                if (length > 0 && Double.isFinite(length)) putVertex(p, 3 * v, (float) (x / length), (float) (y / length), (float) (z / length), uv, v, anyUv);
                else putVertex(p, 3 * v, Float.NaN, Float.NaN, Float.NaN, uv, v, anyUv);
            }
            // a vertex whose normal says nothing takes the normal of the first triangle that uses it
            for (int t = 0; t < triangles.length; t += 3) {
                for (int k = 0; k < 3; k++) {
                    int v = base + triangles[t + k];
                    if (Float.isNaN(normals[3 * v])) {
                        faceNormal(p, triangles, t, face);
                        System.arraycopy(face, 0, normals, 3 * v, 3);
                    }
                }
            }
            for (int v = base; v < vertices; v++) if (Float.isNaN(normals[3 * v])) normals[3 * v] = normals[3 * v + 1] = 0;
            for (int v = base; v < vertices; v++) if (Float.isNaN(normals[3 * v + 2])) normals[3 * v + 2] = 1;
            ensureIndices(indexCount + triangles.length);
            for (int t = 0; t < triangles.length; t++) indices[indexCount + t] = base + triangles[t];
            for (int t = 0; t < triangles.length / 3; t++) materials[indexCount / 3 + t] = material;
            indexCount += triangles.length;
        }

        void addFlat(float[] p, float[] uv, int[] triangles, int material, boolean anyUv) {
            ensureVertices(vertices + triangles.length);
            ensureIndices(indexCount + triangles.length);
            for (int t = 0; t < triangles.length; t += 3) {
                faceNormal(p, triangles, t, face);
                for (int k = 0; k < 3; k++) {
                    indices[indexCount + t + k] = vertices;
                    putVertex(p, 3 * triangles[t + k], face[0], face[1], face[2], uv, triangles[t + k], anyUv);
                }
                materials[(indexCount + t) / 3] = material;
            }
            indexCount += triangles.length;
        }

        /** Appends vertex {@code at / 3} of {@code p} with normal (nx, ny, nz): NaN for one still to be found. */
        private void putVertex(float[] p, int at, float nx, float ny, float nz, float[] uv, int uvIndex, boolean anyUv) {
            int o = 3 * vertices;
            positions[o] = p[at];
            positions[o + 1] = p[at + 1];
            positions[o + 2] = p[at + 2];
            normals[o] = nx;
            normals[o + 1] = ny;
            normals[o + 2] = nz;
            if (anyUv) {
                uvs[2 * vertices] = uv == null ? 0 : uv[2 * uvIndex];
                uvs[2 * vertices + 1] = uv == null ? 0 : 1 - uv[2 * uvIndex + 1];
            }
            vertices++;
        }

        /** The unit normal of triangle {@code t} (its first index) into {@code out}; (0, 0, 1) for one of no area. */
        private static void faceNormal(float[] p, int[] triangles, int t, float[] out) {
            int a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
            double ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
            double vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
            double x = uy * vz - uz * vy, y = uz * vx - ux * vz, z = ux * vy - uy * vx, length = Math.sqrt(x * x + y * y + z * z);
            if (!(length > 0) || !Double.isFinite(length)) {
                out[0] = 0;
                out[1] = 0;
                out[2] = 1;
                return;
            }
            out[0] = (float) (x / length);
            out[1] = (float) (y / length);
            out[2] = (float) (z / length);
        }

        private void ensureVertices(long n) {
            if (3 * n > positions.length) {
                int size = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(3 * n, 2L * positions.length));
                positions = Arrays.copyOf(positions, size);
                normals = Arrays.copyOf(normals, size);
                if (uvs.length > 0) uvs = Arrays.copyOf(uvs, (int) Math.min(Integer.MAX_VALUE - 8, size / 3 * 2L));
            }
        }

        private void ensureIndices(long n) {
            if (n > indices.length) {
                int size = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(n, 2L * indices.length));
                indices = Arrays.copyOf(indices, size);
                materials = Arrays.copyOf(materials, (size + 2) / 3);
            }
        }
    }
}
