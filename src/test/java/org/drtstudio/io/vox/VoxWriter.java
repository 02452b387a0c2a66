package org.drtstudio.io.vox;

import org.drtstudio.scene.voxel.VoxelModel;
import org.drtstudio.scene.VoxelSpace;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes one voxel space as a MagicaVoxel file (version 150: SIZE, XYZI, RGBA), the inverse of
 * {@link VoxReader}'s placement rule: renderer cell (i, j, k) of a space of depth sz becomes
 * voxel (i, sz − 1 − k, j). Used for the shipped sample and by tests.
 */
public final class VoxWriter {
    /** MagicaVoxel stores each coordinate in a byte. */
    public static final int MAX_SIZE = 256;

    private VoxWriter() {
    }

    /** @param rgb 0xRRGGBB per palette index (index 0 unused) */
    public static byte[] bytes(VoxelSpace space, int[] rgb) {
        if (rgb.length != VoxelModel.PALETTE_SIZE) throw new IllegalArgumentException("need 256 colours");
        if (space.sizeX() > MAX_SIZE || space.sizeY() > MAX_SIZE || space.sizeZ() > MAX_SIZE)
            throw new IllegalArgumentException("a .vox model is at most " + MAX_SIZE + " voxels along each axis");
        int sx = space.sizeX(), sy = space.sizeZ(), sz = space.sizeY();
        ByteArrayOutputStream voxels = new ByteArrayOutputStream();
        int count = 0;
        for (int k = 0; k < space.sizeZ(); k++)
            for (int j = 0; j < space.sizeY(); j++)
                for (int i = 0; i < space.sizeX(); i++) {
                    int c = space.get(i, j, k);
                    if (c == 0) continue;
                    voxels.write(i);
                    voxels.write(sy - 1 - k);
                    voxels.write(j);
                    voxels.write(c);
                    count++;
                }
        ByteBuffer size = le(12).putInt(sx).putInt(sy).putInt(sz);
        ByteBuffer xyzi = le(4 + voxels.size()).putInt(count).put(voxels.toByteArray());
        ByteBuffer palette = le(1024);
        for (int i = 1; i <= VoxelModel.PALETTE_SIZE; i++) {
            int c = i < VoxelModel.PALETTE_SIZE ? rgb[i] : 0;
            palette.put((byte) (c >> 16)).put((byte) (c >> 8)).put((byte) c).put((byte) 0xFF);
        }
        byte[] children = concat(chunk("SIZE", size.array()), chunk("XYZI", xyzi.array()), chunk("RGBA", palette.array()));
        ByteBuffer head = le(8).put("VOX ".getBytes(StandardCharsets.ISO_8859_1)).putInt(150);
        return concat(head.array(), chunk("MAIN", new byte[0], children));
    }

    static byte[] chunk(String id, byte[] content) {
        return chunk(id, content, new byte[0]);
    }

    static byte[] chunk(String id, byte[] content, byte[] children) {
        ByteBuffer b = le(12 + content.length + children.length);
        b.put(id.getBytes(StandardCharsets.ISO_8859_1)).putInt(content.length).putInt(children.length).put(content).put(children);
        return b.array();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }
}
