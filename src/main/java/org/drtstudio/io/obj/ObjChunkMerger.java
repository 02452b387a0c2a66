package org.drtstudio.io.obj;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Joins the fast path's parsed chunks into one {@link ObjGeometry}, as the validating path would
 * have made it: relative indices resolved against the file's counts, {@code usemtl}, {@code mtllib}
 * and {@code s} applied in file order with their lines. The statements are few and resolved on one
 * thread; the arrays (hundreds of MB for tens of millions of triangles) are copied and their
 * indices resolved chunk by chunk on the pool, each chunk into its own slice.
 */
final class ObjChunkMerger {
    private final ObjChunk[] chunks;
    /** Per chunk, the counts of everything before it: vertices, texture coordinates, normals, corners, faces, lines. */
    private final int[] vBase, tBase, nBase, cornerBase, faceBase, lineBase;
    private final int vCount, tCount, nCount, corners, faces;

    private ObjChunkMerger(ObjChunk[] chunks) {
        this.chunks = chunks;
        int n = chunks.length;
        vBase = new int[n + 1];
        tBase = new int[n + 1];
        nBase = new int[n + 1];
        cornerBase = new int[n + 1];
        faceBase = new int[n + 1];
        lineBase = new int[n + 1];
        for (int k = 0; k < n; k++) {
            ObjChunk c = chunks[k];
            vBase[k + 1] = vBase[k] + c.positions.size() / 3;
            tBase[k + 1] = tBase[k] + c.texCoords.size() / 2;
            nBase[k + 1] = nBase[k] + c.normals.size() / 3;
            cornerBase[k + 1] = cornerBase[k] + c.cornerVertex.size();
            faceBase[k + 1] = faceBase[k] + c.faceSizes.size();
            lineBase[k + 1] = lineBase[k] + c.lines;
        }
        vCount = vBase[n];
        tCount = tBase[n];
        nCount = nBase[n];
        corners = cornerBase[n];
        faces = faceBase[n];
    }

    /**
     * @param pool the threads to copy on, or null for this thread
     * @return the geometry, or null when the validating path must read the file: no faces (it says
     *         so) or an index out of range (it names the line)
     */
    static ObjGeometry merge(ObjChunk[] chunks, ExecutorService pool) throws InterruptedException {
        return new ObjChunkMerger(chunks).merge(pool);
    }

    private ObjGeometry merge(ExecutorService pool) throws InterruptedException {
        if (faces == 0) return null;
        boolean anyT = Arrays.stream(chunks).anyMatch(c -> c.cornerTexCoord != null);
        boolean anyN = Arrays.stream(chunks).anyMatch(c -> c.cornerNormal != null);
        float[] positions = new float[3 * vCount], texCoords = new float[2 * tCount], normals = new float[3 * nCount];
        // Corners without texture coordinates or normals share one array of -1 (read only).
        int[] none = anyT && anyN ? null : new int[corners];
        if (none != null) Arrays.fill(none, -1);
        int[] cv = new int[corners], ct = anyT ? new int[corners] : none, cn = anyN ? new int[corners] : none;
        int[] faceStart = new int[faces + 1], smoothing = new int[faces], material = new int[faces];
        List<ObjGeometry.UsedMaterial> materials = new ArrayList<>();
        List<ObjGeometry.MaterialLibraryReference> libraries = new ArrayList<>();
        applyStatements(smoothing, material, materials, libraries);

        List<Callable<Boolean>> copies = new ArrayList<>(chunks.length);
        for (int k = 0; k < chunks.length; k++) {
            int chunk = k;
            copies.add(() -> copy(chunk, positions, texCoords, normals, cv, anyT ? ct : null, anyN ? cn : null, faceStart));
        }
        if (!runAll(copies, pool)) return null;
        faceStart[faces] = corners;
        return new ObjGeometry(positions, texCoords, normals, cv, ct, cn, faceStart, smoothing, material,
                List.copyOf(materials), List.copyOf(libraries));
    }

    /** Gives every face its smoothing group and material, walking the statements in file order as the validating path does. */
    private void applyStatements(int[] smoothing, int[] material, List<ObjGeometry.UsedMaterial> materials,
                                 List<ObjGeometry.MaterialLibraryReference> libraries) {
        SmoothingGroups groups = new SmoothingGroups();
        Map<String, Integer> materialIds = new HashMap<>();
        int currentGroup = ObjStatementReader.DEFAULT_SMOOTH, currentMaterial = -1, filled = 0;
        for (int k = 0; k < chunks.length; k++) {
            for (ObjChunk.Statement st : chunks[k].statements) {
                int face = faceBase[k] + st.face(), line = lineBase[k] + st.line() + 1;
                Arrays.fill(smoothing, filled, face, currentGroup);
                Arrays.fill(material, filled, face, currentMaterial);
                filled = face;
                switch (st.kind()) {
                    case SMOOTHING -> currentGroup = groups.id(st.argument());
                    case USEMTL -> currentMaterial = materialIds.computeIfAbsent(st.argument(), name -> {
                        materials.add(new ObjGeometry.UsedMaterial(name, line));
                        return materials.size() - 1;
                    });
                    case MTLLIB -> libraries.add(new ObjGeometry.MaterialLibraryReference(st.argument(), line));
                }
            }
        }
        Arrays.fill(smoothing, filled, faces, currentGroup);
        Arrays.fill(material, filled, faces, currentMaterial);
    }

    /** Copies chunk {@code k} into its slices of the file's arrays; false when an index is out of range. */
    private boolean copy(int k, float[] positions, float[] texCoords, float[] normals, int[] cv, int[] ct, int[] cn, int[] faceStart) {
        ObjChunk c = chunks[k];
        c.positions.copyTo(positions, 3 * vBase[k]);
        c.texCoords.copyTo(texCoords, 2 * tBase[k]);
        c.normals.copyTo(normals, 3 * nBase[k]);
        int[] v = c.cornerVertex.array();
        int[] t = c.cornerTexCoord == null ? null : c.cornerTexCoord.array(), n = c.cornerNormal == null ? null : c.cornerNormal.array();
        int corner = cornerBase[k];
        for (int i = 0; i < c.cornerVertex.size(); i++, corner++) {
            if ((cv[corner] = resolve(v[i], vBase[k], vCount)) < 0) return false;
            if (ct != null && (ct[corner] = t == null || t[i] == ObjChunk.NONE ? -1 : resolve(t[i], tBase[k], tCount)) < -1) return false;
            if (cn != null && (cn[corner] = n == null || n[i] == ObjChunk.NONE ? -1 : resolve(n[i], nBase[k], nCount)) < -1) return false;
        }
        int[] sizes = c.faceSizes.array();
        int start = cornerBase[k];
        for (int i = 0, face = faceBase[k]; i < c.faceSizes.size(); i++, face++) {
            faceStart[face] = start;
            start += sizes[i];
        }
        chunks[k] = null; // its lists are garbage once copied, while later chunks are still copying
        return true;
    }

    /** The 0-based index of a stored index, or -2 when it is out of range (the validating path reports it). */
    private static int resolve(int stored, int base, int total) {
        int index = stored >= 0 ? stored : base + (stored - ObjChunk.RELATIVE);
        return index >= 0 && index < total ? index : -2;
    }

    /** Runs the tasks on the pool (or here, when there is none); true when every one returned true. */
    static boolean runAll(List<Callable<Boolean>> tasks, ExecutorService pool) throws InterruptedException {
        if (pool == null) {
            for (Callable<Boolean> task : tasks) {
                if (!call(task)) return false;
            }
            return true;
        }
        boolean all = true;
        for (Future<Boolean> f : pool.invokeAll(tasks)) {
            try {
                all &= f.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) throw error; // OutOfMemoryError: the caller streams the file instead
                all = false; // never expected; the validating path then reads the file as it always did
            }
        }
        return all;
    }

    private static boolean call(Callable<Boolean> task) {
        try {
            return task.call();
        } catch (Error e) {
            throw e;
        } catch (Exception e) {
            return false; // as on the pool
        }
    }
}
