package org.drtstudio.scene.voxel;

import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.TriangleMesh;

import java.util.Arrays;

/**
 * The exposed faces of a voxel space as triangles: every face of a solid voxel whose neighbour
 * across it is empty or outside the grid becomes a unit square of two triangles, facing out of the
 * voxel, with the voxel's material. This is the reference geometry ({@code --accel bvh}) the
 * geometry image traces; faces between two solid voxels are never seen and are left out.
 * Coordinates are integers, exact in float.
 */
public final class VoxelMesher {
    /** Per axis-aligned face direction (−x, +x, −y, +y, −z, +z): the neighbour's offset. */
    private static final int[][] NORMALS = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
    /** Triangles above this many make a mesh too large to pack (and 6 × 2048³ faces would not fit an int). */
    public static final int MAX_TRIANGLES = 1 << 26;

    private VoxelMesher() {
    }

    /** Exposed faces of {@code space}. */
    public static long exposedFaces(VoxelSpace space) {
        long n = 0;
        for (int k = 0; k < space.sizeZ(); k++)
            for (int j = 0; j < space.sizeY(); j++)
                for (int i = 0; i < space.sizeX(); i++) {
                    if (!space.solid(i, j, k)) continue;
                    for (int[] d : NORMALS) if (!space.solid(i + d[0], j + d[1], k + d[2])) n++;
                }
        return n;
    }

    /**
     * @param materialOfPalette scene material index per palette index (256 entries)
     * @throws IllegalArgumentException when the space has more than {@link #MAX_TRIANGLES} triangles' worth of faces
     */
    public static TriangleMesh mesh(String name, VoxelSpace space, int[] materialOfPalette) {
        long faces = exposedFaces(space);
        if (2 * faces > MAX_TRIANGLES)
            throw new IllegalArgumentException("voxel space '" + name + "' shows " + faces + " faces, above "
                    + MAX_TRIANGLES / 2);
        int f = (int) faces;
        float[] positions = new float[12 * f], normals = new float[12 * f], texCoords = new float[8 * f];
        int[] indices = new int[6 * f], materials = new int[2 * f];
        int face = 0;
        for (int k = 0; k < space.sizeZ(); k++)
            for (int j = 0; j < space.sizeY(); j++)
                for (int i = 0; i < space.sizeX(); i++) {
                    int palette = space.get(i, j, k);
                    if (palette == 0) continue;
                    for (int dir = 0; dir < 6; dir++) {
                        int[] d = NORMALS[dir];
                        if (space.solid(i + d[0], j + d[1], k + d[2])) continue;
                        writeFace(space, i, j, k, dir, face, positions, normals, indices);
                        writeTexCoords(dir, face, positions, texCoords);
                        materials[2 * face] = materials[2 * face + 1] = materialOfPalette[palette];
                        face++;
                    }
                }
        return new TriangleMesh(name, positions, normals, texCoords, indices, materials, space);
    }

    /**
     * The square of direction {@code dir} on cell (i, j, k): corners counter-clockwise seen from
     * outside (from the normal's side), so the triangles face out of the voxel.
     */
    private static void writeFace(VoxelSpace s, int i, int j, int k, int dir, int face, float[] positions,
                                  float[] normals, int[] indices) {
        int axis = dir / 2;
        boolean positive = (dir & 1) == 1;
        int u = (axis + 1) % 3, v = (axis + 2) % 3;
        int[] base = {i + s.originX(), j + s.originY(), k + s.originZ()};
        if (positive) base[axis]++;
        // (u, v, axis) is right-handed, so corners 00, 10, 11, 01 wind counter-clockwise about +axis.
        int[][] corners = positive ? new int[][]{{0, 0}, {1, 0}, {1, 1}, {0, 1}} : new int[][]{{0, 0}, {0, 1}, {1, 1}, {1, 0}};
        int vertex0 = 4 * face;
        for (int c = 0; c < 4; c++) {
            int[] p = base.clone();
            p[u] += corners[c][0];
            p[v] += corners[c][1];
            int o = 3 * (vertex0 + c);
            positions[o] = p[0];
            positions[o + 1] = p[1];
            positions[o + 2] = p[2];
            Arrays.fill(normals, o, o + 3, 0f);
            normals[o + axis] = positive ? 1f : -1f;
        }
        int t = 6 * face;
        indices[t] = vertex0;
        indices[t + 1] = vertex0 + 1;
        indices[t + 2] = vertex0 + 2;
        indices[t + 3] = vertex0;
        indices[t + 4] = vertex0 + 2;
        indices[t + 5] = vertex0 + 3;
    }

    /**
     * Texture coordinates of face {@code face}: the unit square of the face, so a hit's (u, v) is
     * its fractional position within the voxel face (Wolfenstein-style walls, one texture repeat a
     * voxel, sampled at sub-texel precision). On the four side faces v runs up (+y) and u to the
     * right as seen from outside, so a texture stands upright and unmirrored on every wall; on a
     * top or bottom face u runs along x and v along z.
     */
    private static void writeTexCoords(int dir, int face, float[] positions, float[] texCoords) {
        int axis = dir / 2;
        boolean positive = (dir & 1) == 1;
        float[] low = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        for (int c = 0; c < 4; c++)
            for (int a = 0; a < 3; a++) low[a] = Math.min(low[a], positions[3 * (4 * face + c) + a]);
        for (int c = 0; c < 4; c++) {
            int vertex = 4 * face + c, o = 3 * vertex;
            // Corners sit on integers, so each fraction is exactly 0 or 1.
            float x = positions[o] - low[0], y = positions[o + 1] - low[1], z = positions[o + 2] - low[2];
            float u, v;
            switch (axis) {
                case 0 -> { u = positive ? 1 - z : z; v = y; }
                case 2 -> { u = positive ? x : 1 - x; v = y; }
                default -> { u = x; v = z; }
            }
            texCoords[2 * vertex] = u;
            texCoords[2 * vertex + 1] = v;
        }
    }
}
