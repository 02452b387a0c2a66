package org.drtstudio.scene;

/**
 * A dense grid of voxels in the renderer's orientation (y up): cell (i, j, k) is the unit cube
 * {@code origin + (i, j, k)} … {@code origin + (i + 1, j + 1, k + 1)} of the space's own
 * coordinates, and holds a palette index, 0 for empty and 1 … 255 for a solid voxel of that palette
 * entry. Integer origin and unit cells keep every face on an integer plane, exact in float, so the
 * reference (faces as triangles) and the portal walk meet the same planes.
 *
 * <p>The cell array is owned by the space once constructed: callers must not modify it.
 *
 * @param cells palette index per cell, at {@code i + sizeX * (j + sizeY * k)}
 */
public record VoxelSpace(int sizeX, int sizeY, int sizeZ, int originX, int originY, int originZ, byte[] cells) {
    /** Cells along one axis at most: keeps coordinates exact in float and grids within reason (4096³ is 64 GiB). */
    public static final int MAX_SIZE = 2048;
    /** Cells of one space at most (256 MiB of indices). */
    public static final long MAX_CELLS = 1L << 28;
    /** Origins within this bound keep every corner exactly representable in float (2^24). */
    public static final int MAX_ORIGIN = 1 << 22;

    public VoxelSpace {
        if (sizeX < 1 || sizeY < 1 || sizeZ < 1 || sizeX > MAX_SIZE || sizeY > MAX_SIZE || sizeZ > MAX_SIZE)
            throw new IllegalArgumentException("voxel space size " + sizeX + "×" + sizeY + "×" + sizeZ
                    + " is outside 1…" + MAX_SIZE + " per axis");
        if ((long) sizeX * sizeY * sizeZ > MAX_CELLS)
            throw new IllegalArgumentException("voxel space of " + (long) sizeX * sizeY * sizeZ + " cells is above " + MAX_CELLS);
        if (Math.abs(originX) > MAX_ORIGIN || Math.abs(originY) > MAX_ORIGIN || Math.abs(originZ) > MAX_ORIGIN)
            throw new IllegalArgumentException("voxel space origin beyond ±" + MAX_ORIGIN);
        if (cells.length != sizeX * sizeY * sizeZ)
            throw new IllegalArgumentException("need " + sizeX * sizeY * sizeZ + " cells, got " + cells.length);
    }

    /** An empty space at the origin. */
    public static VoxelSpace empty(int sizeX, int sizeY, int sizeZ) {
        return new VoxelSpace(sizeX, sizeY, sizeZ, 0, 0, 0, new byte[sizeX * sizeY * sizeZ]);
    }

    public int index(int i, int j, int k) {
        return i + sizeX * (j + sizeY * k);
    }

    public boolean inside(int i, int j, int k) {
        return i >= 0 && j >= 0 && k >= 0 && i < sizeX && j < sizeY && k < sizeZ;
    }

    /** The palette index at (i, j, k); 0 (empty) outside the grid. */
    public int get(int i, int j, int k) {
        return inside(i, j, k) ? cells[index(i, j, k)] & 0xFF : 0;
    }

    public boolean solid(int i, int j, int k) {
        return get(i, j, k) != 0;
    }

    public long cellCount() {
        return (long) sizeX * sizeY * sizeZ;
    }

    public long solidCount() {
        long n = 0;
        for (byte c : cells) if (c != 0) n++;
        return n;
    }

    /**
     * The empty cell off the grid's border nearest (in cell steps, summed over the axes) to the
     * point (x, y, z) in cells: where an eye inside the space can stand. Null when every inner cell is solid.
     */
    public int[] emptyCellNear(float x, float y, float z) {
        int[] best = null;
        float bestD = Float.MAX_VALUE;
        for (int k = 1; k < sizeZ - 1; k++)
            for (int j = 1; j < sizeY - 1; j++)
                for (int i = 1; i < sizeX - 1; i++) {
                    if (solid(i, j, k)) continue;
                    float d = Math.abs(i - x) + Math.abs(j - y) + Math.abs(k - z);
                    if (d < bestD) {
                        bestD = d;
                        best = new int[]{i, j, k};
                    }
                }
        return best;
    }
}
