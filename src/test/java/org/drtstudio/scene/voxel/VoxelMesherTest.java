package org.drtstudio.scene.voxel;

import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class VoxelMesherTest {
    private static final int[] IDENTITY = new int[256];

    static {
        for (int i = 0; i < 256; i++) IDENTITY[i] = i;
    }

    @Test
    void onlyFacesBetweenSolidAndEmptyAreKept() {
        VoxelSpace s = VoxelSpace.empty(3, 2, 2);
        s.cells()[s.index(0, 0, 0)] = 1;
        s.cells()[s.index(1, 0, 0)] = 2;
        TriangleMesh m = VoxelMesher.mesh("pair", s, IDENTITY);
        assertEquals(10, VoxelMesher.exposedFaces(s), "two touching cubes hide one face each");
        assertEquals(20, m.triangleCount());
        int first = 0, second = 0;
        for (int mat : m.triangleMaterials()) if (mat == 1) first++; else if (mat == 2) second++;
        assertEquals(10, first);
        assertEquals(10, second);
    }

    /** Every triangle winds counter-clockwise about its normal, and the normal points into an empty cell. */
    @Test
    void facesLookOutOfTheirVoxelIntoEmptySpace() {
        VoxelSpace caves = VoxelGenerators.caves(10, 0.5, 3);
        TriangleMesh m = VoxelMesher.mesh("caves", caves, IDENTITY);
        assertTrue(m.triangleCount() > 100);
        float[] p = m.positions(), n = m.normals();
        int[] idx = m.indices();
        for (int t = 0; t < m.triangleCount(); t++) {
            int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
            float ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
            float vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
            float cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
            assertTrue(cx * n[a] + cy * n[a + 1] + cz * n[a + 2] > 0, "triangle " + t + " winds against its normal");
            float mx = (p[a] + p[c]) / 2 + 0.5f * n[a], my = (p[a + 1] + p[c + 1]) / 2 + 0.5f * n[a + 1],
                    mz = (p[a + 2] + p[c + 2]) / 2 + 0.5f * n[a + 2];
            int i = (int) Math.floor(mx), j = (int) Math.floor(my), k = (int) Math.floor(mz);
            assertFalse(caves.solid(i, j, k), "triangle " + t + " faces a solid cell");
            int si = (int) Math.floor(mx - n[a]), sj = (int) Math.floor(my - n[a + 1]), sk = (int) Math.floor(mz - n[a + 2]);
            assertEquals(caves.get(si, sj, sk), m.triangleMaterials()[t], "material of the voxel behind");
        }
    }

    /**
     * A face's texture coordinates are the hit point's fractional position within the voxel face:
     * each triangle's corners are the face's unit square, so any point of a face (through its
     * barycentrics) maps to its offset from the face's corner along two of the face's edges. On the
     * side faces v follows +y (textures stand upright) and u turns to the right seen from outside
     * (along up × normal).
     */
    @Test
    void texCoordsAreTheFractionalPositionInTheFaceUprightOnWalls() {
        VoxelSpace caves = VoxelGenerators.caves(10, 0.5, 3);
        TriangleMesh m = VoxelMesher.mesh("caves", caves, IDENTITY);
        float[] p = m.positions(), n = m.normals(), uv = m.texCoords();
        assertNotNull(uv);
        int[] idx = m.indices();
        int sides = 0;
        for (int t = 0; t < m.triangleCount(); t++) {
            int a = idx[3 * t], b = idx[3 * t + 1];
            // Along an edge the uv changes by exactly the position's change projected on the u and v directions.
            float du = uv[2 * b] - uv[2 * a], dv = uv[2 * b + 1] - uv[2 * a + 1];
            float dx = p[3 * b] - p[3 * a], dy = p[3 * b + 1] - p[3 * a + 1], dz = p[3 * b + 2] - p[3 * a + 2];
            for (int c : new int[]{a, b}) {
                assertTrue(uv[2 * c] == 0f || uv[2 * c] == 1f, "u of a corner is 0 or 1");
                assertTrue(uv[2 * c + 1] == 0f || uv[2 * c + 1] == 1f, "v of a corner is 0 or 1");
            }
            float nx = n[3 * a], nz = n[3 * a + 2];
            if (n[3 * a + 1] != 0f) {
                assertEquals(dx, du, 0f, "top or bottom face: u runs along x");
                assertEquals(dz, dv, 0f, "top or bottom face: v runs along z");
                continue;
            }
            sides++;
            assertEquals(dy, dv, 0f, "a wall's v runs up");
            // To the right of a viewer outside, looking along −normal with +y up: up × normal = (nz, 0, −nx).
            float ux = nz, uz = -nx;
            assertEquals(dx * ux + dz * uz, du, 0f, "a wall's u runs to the right seen from outside (normal " + nx + ", " + nz + ")");
        }
        assertTrue(sides > 50);
    }
}
