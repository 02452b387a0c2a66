package org.drtstudio.scene.voxel;

import org.drtstudio.scene.VoxelSpace;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * Voxel spaces made from a seed, for tests, benchmarks and the shipped sample: random caves
 * (noise smoothed by a cellular automaton) and a Wolfenstein-like maze of corridors between walls.
 * The same arguments give the same space on every machine.
 */
public final class VoxelGenerators {
    /** Palette indices the generators use (matte colours of {@link #palette()}). */
    public static final int ROCK = 1, MOSS = 2, FLOOR = 3, WALL = 4, WALL_ACCENT = 5, CEILING = 6;

    private VoxelGenerators() {
    }

    /**
     * Caves: each cell solid with probability {@code fill}, then four rounds of "solid when at
     * least 14 of the 26 neighbours are" (outside counts as solid, so the caves are closed), then
     * cells with an empty cell above them coloured moss.
     */
    public static VoxelSpace caves(int size, double fill, long seed) {
        if (size < 2 || size > 512) throw new IllegalArgumentException("cave size must be 2…512, got " + size);
        if (!(fill >= 0 && fill <= 1)) throw new IllegalArgumentException("fill must be 0…1, got " + fill);
        SplittableRandom random = new SplittableRandom(seed);
        boolean[] solid = new boolean[size * size * size];
        for (int c = 0; c < solid.length; c++) solid[c] = random.nextDouble() < fill;
        for (int round = 0; round < 4; round++) {
            boolean[] next = new boolean[solid.length];
            for (int k = 0; k < size; k++)
                for (int j = 0; j < size; j++)
                    for (int i = 0; i < size; i++) {
                        int n = 0;
                        for (int dk = -1; dk <= 1; dk++)
                            for (int dj = -1; dj <= 1; dj++)
                                for (int di = -1; di <= 1; di++) {
                                    if (di == 0 && dj == 0 && dk == 0) continue;
                                    int x = i + di, y = j + dj, z = k + dk;
                                    boolean out = x < 0 || y < 0 || z < 0 || x >= size || y >= size || z >= size;
                                    if (out || solid[x + size * (y + size * z)]) n++;
                                }
                        next[i + size * (j + size * k)] = n >= 14;
                    }
            solid = next;
        }
        byte[] cells = new byte[solid.length];
        for (int k = 0; k < size; k++)
            for (int j = 0; j < size; j++)
                for (int i = 0; i < size; i++) {
                    int c = i + size * (j + size * k);
                    if (!solid[c]) continue;
                    boolean openAbove = j + 1 < size && !solid[c + size];
                    cells[c] = (byte) (openAbove ? MOSS : ROCK);
                }
        return new VoxelSpace(size, size, size, 0, 0, 0, cells);
    }

    /**
     * A maze of {@code rooms × rooms} corridor cells, each {@code corridor} voxels wide, between
     * walls one voxel thick and {@code height} voxels high, on a floor, open to the sky (so lights
     * above reach it): a depth-first (recursive backtracker) maze, every room reachable. Walls
     * are striped with an accent colour every fourth voxel, as the textured walls of the old games.
     */
    public static VoxelSpace maze(int rooms, int corridor, int height, long seed) {
        if (rooms < 1 || rooms > 256) throw new IllegalArgumentException("maze rooms must be 1…256, got " + rooms);
        if (corridor < 1 || corridor > 16) throw new IllegalArgumentException("corridor width must be 1…16, got " + corridor);
        if (height < 1 || height > 64) throw new IllegalArgumentException("wall height must be 1…64, got " + height);
        int pitch = corridor + 1, side = rooms * pitch + 1, sizeY = height + 1;
        VoxelSpace space = VoxelSpace.empty(side, sizeY, side);
        byte[] cells = space.cells();
        boolean[] eastOpen = new boolean[rooms * rooms], southOpen = new boolean[rooms * rooms];
        carve(rooms, new SplittableRandom(seed), eastOpen, southOpen);
        for (int k = 0; k < side; k++)
            for (int i = 0; i < side; i++) {
                cells[space.index(i, 0, k)] = FLOOR;
                if (!isWall(i, k, pitch, rooms, eastOpen, southOpen)) continue;
                for (int j = 1; j < sizeY; j++)
                    cells[space.index(i, j, k)] = (byte) (((i + k + j) & 3) == 0 ? WALL_ACCENT : WALL);
            }
        return space;
    }

    private static boolean isWall(int i, int k, int pitch, int rooms, boolean[] eastOpen, boolean[] southOpen) {
        boolean lineX = i % pitch == 0, lineZ = k % pitch == 0;
        if (lineX && lineZ) return true;
        if (!lineX && !lineZ) return false;
        int ri = i / pitch, rk = k / pitch;
        if (lineX) { // a wall between room (ri - 1, rk) and (ri, rk)
            return ri == 0 || ri == rooms || !eastOpen[(ri - 1) + rooms * rk];
        }
        return rk == 0 || rk == rooms || !southOpen[ri + rooms * (rk - 1)];
    }

    /** The recursive backtracker with an explicit stack (a 256² maze would overflow the call stack). */
    private static void carve(int rooms, SplittableRandom random, boolean[] eastOpen, boolean[] southOpen) {
        boolean[] visited = new boolean[rooms * rooms];
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        visited[0] = true;
        stack.push(0);
        int[] options = new int[4];
        while (!stack.isEmpty()) {
            int room = stack.peek(), x = room % rooms, z = room / rooms, n = 0;
            if (x > 0 && !visited[room - 1]) options[n++] = room - 1;
            if (x + 1 < rooms && !visited[room + 1]) options[n++] = room + 1;
            if (z > 0 && !visited[room - rooms]) options[n++] = room - rooms;
            if (z + 1 < rooms && !visited[room + rooms]) options[n++] = room + rooms;
            if (n == 0) {
                stack.pop();
                continue;
            }
            int next = options[random.nextInt(n)];
            if (next == room + 1) eastOpen[room] = true;
            else if (next == room - 1) eastOpen[next] = true;
            else if (next == room + rooms) southOpen[room] = true;
            else southOpen[next] = true;
            visited[next] = true;
            stack.push(next);
        }
    }

    /** The generators' colours as a palette of matte materials. */
    public static java.util.List<org.drtstudio.scene.Material> palette() {
        return VoxelPalettes.fromRgb(paletteRgb());
    }

    /** The generators' colours, 0xRRGGBB per palette index. */
    public static int[] paletteRgb() {
        int[] rgb = new int[VoxelModel.PALETTE_SIZE];
        rgb[ROCK] = 0x7a6f66;
        rgb[MOSS] = 0x5f8a3c;
        rgb[FLOOR] = 0x8c8c8c;
        rgb[WALL] = 0x3d5aa8;
        rgb[WALL_ACCENT] = 0x9a6b3a;
        rgb[CEILING] = 0x555555;
        return rgb;
    }
}
