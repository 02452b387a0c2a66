package org.drtstudio.io.vox;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Builds .vox bytes chunk by chunk for tests: well-formed files and deliberately broken ones. */
final class VoxFiles {
    private VoxFiles() {
    }

    static byte[] file(byte[]... children) {
        ByteBuffer head = le(8).put("VOX ".getBytes(StandardCharsets.ISO_8859_1)).putInt(150);
        return VoxWriter.concat(head.array(), VoxWriter.chunk("MAIN", new byte[0], VoxWriter.concat(children)));
    }

    static byte[] size(int x, int y, int z) {
        return VoxWriter.chunk("SIZE", le(12).putInt(x).putInt(y).putInt(z).array());
    }

    /** @param voxels x, y, z, colour per voxel */
    static byte[] xyzi(int... voxels) {
        ByteBuffer b = le(4 + voxels.length).putInt(voxels.length / 4);
        for (int v : voxels) b.put((byte) v);
        return VoxWriter.chunk("XYZI", b.array());
    }

    static byte[] dict(Map<String, String> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(le(4).putInt(entries.size()).array());
        for (Map.Entry<String, String> e : entries.entrySet()) {
            out.writeBytes(string(e.getKey()));
            out.writeBytes(string(e.getValue()));
        }
        return out.toByteArray();
    }

    static byte[] string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return le(4 + b.length).putInt(b.length).put(b).array();
    }

    static byte[] matl(int id, Map<String, String> properties) {
        return VoxWriter.chunk("MATL", VoxWriter.concat(ints(id), dict(properties)));
    }

    static byte[] transform(int id, int child, Map<String, String> frame) {
        return VoxWriter.chunk("nTRN", VoxWriter.concat(ints(id), dict(Map.of()), ints(child, -1, 0, 1), dict(frame)));
    }

    static byte[] group(int id, int... children) {
        return VoxWriter.chunk("nGRP", VoxWriter.concat(ints(id), dict(Map.of()), ints(children.length), ints(children)));
    }

    static byte[] shape(int id, int model) {
        return VoxWriter.chunk("nSHP", VoxWriter.concat(ints(id), dict(Map.of()), ints(1, model), dict(Map.of())));
    }

    static byte[] ints(int... values) {
        ByteBuffer b = le(4 * values.length);
        for (int v : values) b.putInt(v);
        return b.array();
    }

    static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }
}
