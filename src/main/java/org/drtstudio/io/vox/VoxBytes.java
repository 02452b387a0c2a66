package org.drtstudio.io.vox;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bounded little-endian cursor over one chunk's content. Every read checks the bytes left first,
 * so a lying length ends in a {@link VoxProblem} naming what was being read, never an exception
 * from the buffer or an allocation sized by the file.
 */
final class VoxBytes {
    /** A dictionary of more pairs than this, or a string longer, is not from a real file. */
    static final int MAX_DICT_PAIRS = 256, MAX_STRING_BYTES = 4096;

    private final ByteBuffer buffer;

    VoxBytes(byte[] bytes, int offset, int length) {
        this.buffer = ByteBuffer.wrap(bytes, offset, length).slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    int remaining() {
        return buffer.remaining();
    }

    int position() {
        return buffer.position();
    }

    int int32(String what) throws VoxProblem {
        need(4, what);
        return buffer.getInt();
    }

    int unsignedByte(String what) throws VoxProblem {
        need(1, what);
        return buffer.get() & 0xFF;
    }

    void skip(int n, String what) throws VoxProblem {
        need(n, what);
        buffer.position(buffer.position() + n);
    }

    String string(String what) throws VoxProblem {
        int length = int32(what + " length");
        if (length < 0 || length > MAX_STRING_BYTES)
            throw new VoxProblem(what + " of " + length + " bytes (at most " + MAX_STRING_BYTES + ")");
        need(length, what);
        byte[] b = new byte[length];
        buffer.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** The format's DICT: a count, then key and value strings. Later duplicates replace earlier ones. */
    Map<String, String> dict(String what) throws VoxProblem {
        int pairs = int32(what + " size");
        if (pairs < 0 || pairs > MAX_DICT_PAIRS)
            throw new VoxProblem(what + " of " + pairs + " entries (at most " + MAX_DICT_PAIRS + ")");
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs; i++) out.put(string(what + " key"), string(what + " value"));
        return out;
    }

    private void need(int n, String what) throws VoxProblem {
        if (n < 0 || buffer.remaining() < n)
            throw new VoxProblem("ends inside " + what + " (" + n + " bytes needed, " + buffer.remaining() + " left)");
    }

    /** A problem in the bytes of one chunk; the reader adds the file and chunk. */
    static final class VoxProblem extends Exception {
        VoxProblem(String message) {
            super(message, null, false, false);
        }
    }
}
