package org.drtstudio.io.ply;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A binary PLY body read ahead in large blocks and decoded from a {@link ByteBuffer}, for the last
 * element of a file (it may read past that element's end: nothing after it is read).
 */
final class PlyBlocks {
    private final BinaryPlyValues source;
    private final ByteBuffer buffer;

    PlyBlocks(BinaryPlyValues source, int capacity) {
        this.source = source;
        buffer = ByteBuffer.wrap(new byte[capacity]).order(source.order());
        buffer.limit(0);
    }

    /** Makes {@code n} (at most the capacity) bytes readable; false where the file ends first. */
    boolean ensure(int n) throws IOException {
        if (buffer.remaining() >= n) return true;
        buffer.compact();
        int got = source.readBlock(buffer.array(), buffer.position(), buffer.capacity() - buffer.position());
        buffer.position(buffer.position() + got);
        buffer.flip();
        return buffer.remaining() >= n;
    }

    /** Bytes of the body consumed so far, not counting those read ahead. */
    long consumed() {
        return source.consumed() - buffer.remaining();
    }

    /** The next value of an integer type, made readable by {@link #ensure} beforehand. */
    long integer(PlyType type) {
        if (!type.integer) throw new IllegalArgumentException("not an integer type: " + type);
        return (long) type.read(buffer);
    }
}
