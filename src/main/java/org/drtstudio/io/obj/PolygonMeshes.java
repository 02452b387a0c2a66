package org.drtstudio.io.obj;

import org.drtstudio.math.EarClipBudget;
import org.drtstudio.scene.TriangleMesh;

import java.util.Arrays;
import java.util.List;

/**
 * Builds the faces of another format (PLY) into a {@link TriangleMesh} exactly as OBJ faces are
 * built: polygons ear-clipped by {@code math.PolygonTriangulator}, given normals normalised (a zero
 * one replaced by the face's), and where the file gives no normals, smooth normals weighted by area
 * over all faces (one smoothing group, as an OBJ without {@code s} statements). So a PLY and an OBJ
 * of the same faces give the same mesh bit for bit, and a plain scan takes the OBJ reader's
 * parallel path ({@code PlainMeshBuilder}).
 */
public final class PolygonMeshes {
    private PolygonMeshes() {
    }

    /**
     * @param name          the mesh's name
     * @param positions     x,y,z per vertex
     * @param normals       x,y,z per vertex as written (not normalised), or null for smooth normals
     * @param texCoords     u,v per vertex, or null
     * @param cornerVertex  per corner, its vertex; indices checked by the caller
     * @param faceStart     per face, its first corner, one more entry holding the corner count; faces of at least 3 corners
     * @param faceMaterial  per face, its material (an index of the scene's materials, 0 the default)
     * @param earClipping   the file's budget, spent on the faces (labelled by index from 0) as an OBJ file's
     */
    public static TriangleMesh build(String name, float[] positions, float[] normals, float[] texCoords,
                                     int[] cornerVertex, int[] faceStart, int[] faceMaterial, EarClipBudget earClipping) {
        return build(name, positions, normals, texCoords, false, cornerVertex, faceStart, faceMaterial, earClipping);
    }

    /**
     * As {@link #build(String, float[], float[], float[], int[], int[], int[], EarClipBudget)}, with
     * {@code perCorner}: the texture coordinates are u,v per corner (MeshLab's per-face
     * {@code texcoord} lists), so a vertex on a seam of the texture takes one for each side, as an
     * OBJ corner's own {@code vt} does.
     */
    public static TriangleMesh build(String name, float[] positions, float[] normals, float[] texCoords, boolean perCorner,
                                     int[] cornerVertex, int[] faceStart, int[] faceMaterial, EarClipBudget earClipping) {
        int corners = cornerVertex.length;
        int[] none = null;
        int[] cornerNormal = normals != null ? cornerVertex : (none = filled(corners));
        int[] cornerTexCoord = texCoords == null ? (none != null ? none : filled(corners)) : perCorner ? sequence(corners) : cornerVertex;
        int faces = faceStart.length - 1;
        int[] smoothing = new int[faces];
        Arrays.fill(smoothing, ObjStatementReader.DEFAULT_SMOOTH);
        int materialCount = 1;
        for (int m : faceMaterial) materialCount = Math.max(materialCount, m + 1);
        int[] identity = new int[materialCount];
        for (int i = 0; i < materialCount; i++) identity[i] = i;
        ObjGeometry geometry = new ObjGeometry(positions, texCoords != null ? texCoords : new float[0],
                normals != null ? normals : new float[0], cornerVertex, cornerTexCoord, cornerNormal, faceStart, smoothing,
                faceMaterial, List.of(), List.of());
        return new ObjMeshBuilder(geometry, identity, earClipping).build(name);
    }

    private static int[] sequence(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }
}
