package org.drtstudio.scene.voxel;

import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.io.vox.VoxReader;
import org.drtstudio.io.vox.VoxWriter;

import java.nio.file.Files;
import java.nio.file.Path;

/** Voxel spaces for tests of the tracers. */
public final class VoxelTestModels {
    private VoxelTestModels() {
    }

    /** A hollow ball of diameter {@code n} with a shell 2 voxels thick and three round windows into it. */
    public static VoxelSpace hollowBall(int n) {
        VoxelSpace s = VoxelSpace.empty(n, n, n);
        float c = n / 2f, r = n / 2f;
        for (int k = 0; k < n; k++)
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++) {
                    float x = i + 0.5f - c, y = j + 0.5f - c, z = k + 0.5f - c;
                    float d = (float) Math.sqrt(x * x + y * y + z * z);
                    boolean window = y * y + z * z < 9 && x > 0 || x * x + y * y < 6 && z > 0 || x * x + z * z < 4 && y > 0;
                    if (d < r && d >= r - 2 && !window) s.cells()[s.index(i, j, k)] = (byte) (1 + (i + j + k) % 5);
                }
        return s;
    }

    /** The space written as a .vox file and read back: placed by the reader's rule. */
    public static VoxelSpace readBack(VoxelSpace space) throws Exception {
        Path file = Files.createTempFile("drt-test", ".vox");
        try {
            Files.write(file, VoxWriter.bytes(space, VoxelPalettes.magicaVoxelDefault()));
            return VoxReader.parse(file).models().get(0).space();
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The empty cell closest to the grid's centre (an eye inside). */
    public static int[] someEmptyCell(VoxelSpace s) {
        return s.emptyCellNear(s.sizeX() / 2f, s.sizeY() / 2f, s.sizeZ() / 2f);
    }
}
