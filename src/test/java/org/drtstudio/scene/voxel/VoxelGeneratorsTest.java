package org.drtstudio.scene.voxel;

import org.drtstudio.scene.VoxelSpace;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;

import static org.junit.jupiter.api.Assertions.*;

class VoxelGeneratorsTest {
    @Test
    void everyCorridorOfTheMazeIsReachableAndTheMazeHasWalls() {
        VoxelSpace m = VoxelGenerators.maze(6, 2, 3, 11);
        assertEquals(6 * 3 + 1, m.sizeX());
        boolean[] seen = new boolean[m.sizeX() * m.sizeZ()];
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        queue.add(new int[]{1, 1});
        seen[1 + m.sizeX()] = true;
        int reached = 0;
        while (!queue.isEmpty()) {
            int[] c = queue.poll();
            reached++;
            for (int[] d : new int[][]{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                int i = c[0] + d[0], k = c[1] + d[1];
                if (i < 0 || k < 0 || i >= m.sizeX() || k >= m.sizeZ() || m.solid(i, 1, k) || seen[i + m.sizeX() * k]) continue;
                seen[i + m.sizeX() * k] = true;
                queue.add(new int[]{i, k});
            }
        }
        int open = 0;
        for (int k = 0; k < m.sizeZ(); k++)
            for (int i = 0; i < m.sizeX(); i++) {
                if (!m.solid(i, 1, k)) open++;
                assertTrue(m.solid(i, 0, k), "floor everywhere");
            }
        assertEquals(open, reached, "a perfect maze connects every open cell");
        // A perfect maze of n rooms has n − 1 openings: open cells = rooms·2² + (rooms − 1)·2.
        assertEquals(36 * 4 + 35 * 2, open);
    }

    @Test
    void sameSeedSameSpaceOtherSeedOtherSpace() {
        assertArrayEquals(VoxelGenerators.caves(12, 0.45, 5).cells(), VoxelGenerators.caves(12, 0.45, 5).cells());
        assertFalse(java.util.Arrays.equals(VoxelGenerators.caves(12, 0.45, 5).cells(), VoxelGenerators.caves(12, 0.45, 6).cells()));
        VoxelSpace c = VoxelGenerators.caves(16, 0.45, 5);
        assertTrue(c.solidCount() > 0 && c.solidCount() < c.cellCount(), "caves have rock and room");
    }

    @Test
    void absurdParametersAreRefusedWithTheValue() {
        var e = assertThrows(IllegalArgumentException.class, () -> VoxelGenerators.caves(100000, 0.5, 1));
        assertTrue(e.getMessage().contains("100000"));
        assertThrows(IllegalArgumentException.class, () -> VoxelGenerators.maze(0, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new VoxelSpace(5000, 1, 1, 0, 0, 0, new byte[5000]));
    }
}
