package org.drtstudio.io.gltf;

import org.drtstudio.io.SceneFormatException;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * The container of a binary glTF ({@code .glb}): a 12-byte header ({@code glTF}, version 2, total
 * length) and chunks of (length, type, data), the first JSON, the second, if any, the binary
 * buffer. Checked here before the library sees it: jgltf-model walks the chunks by their lengths,
 * and a negative length would send it back over the same bytes for ever.
 *
 * @param jsonOffset where the JSON chunk's data starts
 * @param jsonLength its length in bytes
 * @param binOffset  where the binary chunk's data starts, or -1 when there is none (or it is empty)
 * @param binLength  its length in bytes, 0 when there is none
 */
record GltfBinary(int jsonOffset, int jsonLength, int binOffset, int binLength) {
    /** "glTF" read as a little-endian integer. */
    static final int MAGIC = 0x46546C67;
    private static final int CHUNK_JSON = 0x4E4F534A, CHUNK_BIN = 0x004E4942;

    /**
     * The binary chunk as a little-endian view of {@code bytes} (the file these chunks were checked in),
     * or null when there is none: the file's data is not copied to be read.
     */
    ByteBuffer binary(byte[] bytes) {
        return binOffset < 0 ? null : ByteBuffer.wrap(bytes, binOffset, binLength).slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    static boolean looksBinary(byte[] bytes) {
        return bytes.length >= 4 && ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(0) == MAGIC;
    }

    /** The chunks of a file that begins with the magic, checked: lengths in bounds, JSON first, at most one binary chunk after it. */
    static GltfBinary check(Path file, byte[] bytes) throws SceneFormatException {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 20) throw new SceneFormatException(file, 0, "is a binary glTF of " + bytes.length + " bytes, too short for its header and JSON chunk");
        int version = b.getInt(4);
        if (version != 2) throw new SceneFormatException(file, 0, "is a binary glTF of version " + version + "; only version 2 is read");
        long declared = b.getInt(8) & 0xffffffffL;
        if (declared != bytes.length)
            throw new SceneFormatException(file, 0, "its header says " + declared + " bytes but the file has " + bytes.length);
        int offset = 12, jsonOffset = -1, jsonLength = 0, binOffset = -1, binLength = 0, chunks = 0;
        while (offset < bytes.length) {
            if (bytes.length - offset < 8) throw new SceneFormatException(file, 0, "chunk " + chunks + " is cut short at byte " + offset);
            long length = b.getInt(offset) & 0xffffffffL;
            int type = b.getInt(offset + 4);
            if (length > bytes.length - offset - 8)
                throw new SceneFormatException(file, 0, "chunk " + chunks + " claims " + length + " bytes; only " + (bytes.length - offset - 8) + " follow");
            if (chunks == 0) {
                if (type != CHUNK_JSON) throw new SceneFormatException(file, 0, "its first chunk is not JSON");
                jsonOffset = offset + 8;
                jsonLength = (int) length;
            } else if (chunks == 1) {
                if (type != CHUNK_BIN) throw new SceneFormatException(file, 0, "its second chunk is not the binary buffer (BIN)");
                if (length > 0) {
                    binOffset = offset + 8;
                    binLength = (int) length;
                }
            }
            offset += 8 + (int) length;
            chunks++;
        }
        if (jsonOffset < 0) throw new SceneFormatException(file, 0, "has no JSON chunk");
        return new GltfBinary(jsonOffset, jsonLength, binOffset, binLength);
    }
}
