package org.drtstudio.scene.voxel;

import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.Material;

import java.util.List;

/**
 * A voxel space with its palette: entry {@code p} of {@code palette} is the material of voxels
 * holding index p (entry 0, for empty cells, is never used).
 */
public record VoxelModel(String name, VoxelSpace space, List<Material> palette) {
    public static final int PALETTE_SIZE = 256;

    public VoxelModel {
        palette = List.copyOf(palette);
        if (palette.size() != PALETTE_SIZE)
            throw new IllegalArgumentException("a voxel palette has " + PALETTE_SIZE + " entries, got " + palette.size());
    }
}
