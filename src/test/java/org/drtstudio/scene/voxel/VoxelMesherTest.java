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
}
