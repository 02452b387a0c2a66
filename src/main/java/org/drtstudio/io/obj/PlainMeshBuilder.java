package org.drtstudio.io.obj;

import org.drtstudio.math.EarClipBudget;
import org.drtstudio.math.PolygonTriangulator;
import org.drtstudio.scene.TriangleMesh;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The mesh of a plain OBJ model (corners with neither texture coordinates nor normals, all faces in
 * one smoothing group, as scanners write them) on every core: the same mesh, bit for bit, as
 * {@link ObjMeshBuilder}'s general path makes from the same geometry.
 *
 * <p>What makes it the same: output vertices are numbered in the order the faces first use them
 * (one cheap serial pass, the only one); triangles and materials go to fixed places (a face of n
 * corners starts at triangle {@code faceStart - 2·face}), so faces are triangulated in parallel
 * chunks, all but the polygons the file's {@link EarClipBudget} meters, which are clipped after them
 * in face order as the general path clips them; and every vertex's smooth normal sums its faces' Newell normals in double, in face
 * order, as {@link NormalGenerator} does: each part of the work owns a range of vertices and walks
 * all faces in order, adding only to its own, so no sum is split and joined in another order.
 */
final class PlainMeshBuilder {
    /** Faces per chunk of the triangulation pass. */
    private static final int FACE_CHUNK = 32_768;
    /** Below this many faces everything runs on the calling thread: forking would cost more than it saves. */
    private static final int PARALLEL_FACES = 65_536;

    private final ObjGeometry g;
    private final int[] materialOfName;
    /** Per OBJ vertex, its output vertex, or -1 when no face uses it. */
    private final int[] idOf;
    /**
     * Per output vertex: its OBJ vertex, the first face using it (whose normal it keeps when its
     * faces' normals cancel) and the last: a range of vertices needs only the faces between its
     * first vertex's first face and its vertices' last, which on a scanned or generated mesh is
     * about its share of them (every part walking all faces took 1.3 s for 10M triangles on 16 cores).
     */
    private final int[] objVertex, firstFace, lastFace;
    private final int vertices;

    private PlainMeshBuilder(ObjGeometry g, int[] materialOfName) {
        this.g = g;
        this.materialOfName = materialOfName;
        int[] cv = g.cornerVertex(), faceStart = g.faceStart();
        idOf = new int[g.positions().length / 3];
        Arrays.fill(idOf, -1);
        int[] objOf = new int[idOf.length], first = new int[idOf.length], last = new int[idOf.length];
        int count = 0;
        for (int f = 0, faces = g.faceCount(); f < faces; f++) {
            for (int c = faceStart[f]; c < faceStart[f + 1]; c++) {
                int v = cv[c];
                if (idOf[v] < 0) {
                    idOf[v] = count;
                    objOf[count] = v;
                    first[count++] = f;
                }
                last[idOf[v]] = f;
            }
        }
        vertices = count;
        objVertex = objOf;
        firstFace = first;
        lastFace = last;
    }

    /**
     * @param materialOfName as for {@link ObjMeshBuilder}'s constructor
     * @param earClipping    the file's budget, spent here on faces of more than {@link EarClipBudget#UNMETERED_CORNERS}
     */
    static TriangleMesh build(ObjGeometry g, int[] materialOfName, String name, EarClipBudget earClipping) {
        int parts = g.faceCount() < PARALLEL_FACES ? 1 : Runtime.getRuntime().availableProcessors();
        return build(g, materialOfName, name, parts, FACE_CHUNK, earClipping);
    }

    /** As {@link #build(ObjGeometry, int[], String, EarClipBudget)} with a budget of its own, in {@code parts} vertex ranges and face chunks of {@code faceChunk} (tests split small meshes). */
    static TriangleMesh build(ObjGeometry g, int[] materialOfName, String name, int parts, int faceChunk) {
        return build(g, materialOfName, name, parts, faceChunk, new EarClipBudget());
    }

    private static TriangleMesh build(ObjGeometry g, int[] materialOfName, String name, int parts, int faceChunk, EarClipBudget earClipping) {
        PlainMeshBuilder b = new PlainMeshBuilder(g, materialOfName);
        int faces = g.faceCount(), triangles = g.cornerVertex().length - 2 * faces;
        int[] indices = new int[3 * triangles], materials = new int[triangles];
        float[] positions = new float[3 * b.vertices], normals = new float[3 * b.vertices];
        int chunks = (faces + faceChunk - 1) / faceChunk;
        // Two passes, each split evenly over the cores: as one stream the vertex ranges, last in
        // it, went to 4 of 16 workers (0.3 s for 10M triangles).
        boolean[] metered = new boolean[chunks];
        inParallel(chunks, parts > 1, task -> metered[task] = b.triangles(task * faceChunk, Math.min(faces, (task + 1) * faceChunk), indices, materials, null));
        // The metered faces in face order, on this thread; a scan's mesh has none, and its 18M faces are not walked again.
        for (int task = 0; task < chunks; task++) {
            if (metered[task]) b.triangles(task * faceChunk, Math.min(faces, (task + 1) * faceChunk), indices, materials, earClipping);
        }
        inParallel(parts, parts > 1, part -> b.vertices(b.vertices * (long) part / parts, b.vertices * (long) (part + 1) / parts, positions, normals));
        return new TriangleMesh(name, positions, normals, null, indices, materials);
    }

    private static void inParallel(int tasks, boolean parallel, java.util.function.IntConsumer task) {
        IntStream range = IntStream.range(0, tasks);
        (parallel ? range.parallel() : range).forEach(task);
    }

    /**
     * Triangles and their materials of faces [from, to): with no budget the unmetered ones (any
     * thread), with the file's the metered ones (in face order, on one thread). Returns whether
     * it passed over a face the other kind of call takes.
     */
    private boolean triangles(int from, int to, int[] indices, int[] materials, EarClipBudget earClipping) {
        int[] cv = g.cornerVertex(), faceStart = g.faceStart(), faceMaterial = g.faceMaterial();
        float[] p = g.positions(), polygon = new float[3 * 16];
        boolean passedOver = false;
        for (int f = from; f < to; f++) {
            int start = faceStart[f], n = faceStart[f + 1] - start, t = start - 2 * f;
            if ((n > EarClipBudget.UNMETERED_CORNERS) != (earClipping != null)) {
                passedOver = true;
                continue;
            }
            int material = faceMaterial[f] < 0 ? 0 : materialOfName[faceMaterial[f]];
            if (n == 3) {
                indices[3 * t] = idOf[cv[start]];
                indices[3 * t + 1] = idOf[cv[start + 1]];
                indices[3 * t + 2] = idOf[cv[start + 2]];
                materials[t] = material;
                continue;
            }
            if (polygon.length < 3 * n) polygon = new float[3 * n];
            for (int i = 0; i < n; i++) System.arraycopy(p, 3 * cv[start + i], polygon, 3 * i, 3);
            int[] corners = earClipping == null ? PolygonTriangulator.triangulate(polygon, n) : earClipping.triangulate(polygon, n, f);
            for (int k = 0; k < corners.length; k += 3, t++) {
                indices[3 * t] = idOf[cv[start + corners[k]]];
                indices[3 * t + 1] = idOf[cv[start + corners[k + 1]]];
                indices[3 * t + 2] = idOf[cv[start + corners[k + 2]]];
                materials[t] = material;
            }
        }
        return passedOver;
    }

    /** Positions and smooth normals of output vertices [from, to): the faces that may use them, in order, adding only to these vertices' sums. */
    private void vertices(long fromId, long toId, float[] positions, float[] normals) {
        int from = (int) fromId, to = (int) toId;
        float[] p = g.positions();
        int[] cv = g.cornerVertex(), faceStart = g.faceStart();
        double[] sums = new double[3 * (to - from)];
        double[] normal = new double[3];
        if (from >= to) return;
        // Ids are numbered in the order faces first use them: no face before the first id's first face uses these.
        int lastUse = 0;
        for (int id = from; id < to; id++) lastUse = Math.max(lastUse, lastFace[id]);
        for (int f = firstFace[from]; f <= lastUse; f++) {
            int start = faceStart[f], end = faceStart[f + 1];
            boolean mine = false;
            for (int c = start; c < end && !mine; c++) {
                int id = idOf[cv[c]];
                mine = id >= from && id < to;
            }
            if (!mine) continue;
            FaceNormal.newell(p, cv, start, end, normal);
            for (int c = start; c < end; c++) {
                int id = idOf[cv[c]];
                if (id < from || id >= to) continue;
                int o = 3 * (id - from);
                sums[o] += normal[0];
                sums[o + 1] += normal[1];
                sums[o + 2] += normal[2];
            }
        }
        for (int id = from; id < to; id++) {
            System.arraycopy(p, 3 * objVertex[id], positions, 3 * id, 3);
            int o = 3 * (id - from);
            double x = sums[o], y = sums[o + 1], z = sums[o + 2];
            double length = Math.sqrt(x * x + y * y + z * z);
            if (length > 0 && Double.isFinite(length)) {
                normals[3 * id] = (float) (x / length);
                normals[3 * id + 1] = (float) (y / length);
                normals[3 * id + 2] = (float) (z / length);
            } else {
                // The faces' normals cancel or have no area: the normal of the face that created the vertex.
                int f = firstFace[id];
                FaceNormal.newell(p, cv, faceStart[f], faceStart[f + 1], normal);
                System.arraycopy(FaceNormal.unit(normal), 0, normals, 3 * id, 3);
            }
        }
    }
}
