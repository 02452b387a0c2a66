package org.drtstudio.io.ply;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** A binary PLY body (either byte order), read through one 64 KiB buffer. */
final class BinaryPlyValues extends PlyValues {
    private final InputStream in;
    private final ByteBuffer buffer;
    private long consumed;

    BinaryPlyValues(InputStream in, ByteOrder order) {
        this.in = in;
        this.buffer = ByteBuffer.allocate(1 << 16).order(order);
        buffer.limit(0);
    }

    @Override
    double scalar(PlyType type) throws IOException {
        need(type.bytes);
        consumed += type.bytes;
        return type.read(buffer);
    }

    @Override
    long integer(PlyType type) throws IOException {
        // The header checked that a count's type is an integer type; an index written as a float is truncated
        // toward zero only if it is whole (the reader checks), so this cast loses nothing it keeps.
        return (long) scalar(type);
    }

    @Override
    void skip(PlyType type, long n) throws IOException {
        long left = n * type.bytes;
        while (left > 0) {
            if (!buffer.hasRemaining()) need(1);
            int step = (int) Math.min(left, buffer.remaining());
            buffer.position(buffer.position() + step);
            consumed += step;
            left -= step;
        }
    }

    /**
     * Reads the next {@code length} bytes into {@code dest} in bulk (what the buffer holds, then
     * straight from the stream) and returns how many there were: fewer only where the file ends.
     */
    int readBlock(byte[] dest, int length) throws IOException {
        return readBlock(dest, 0, length);
    }

    /** As {@link #readBlock(byte[], int)}, into {@code dest} from {@code offset} on. */
    int readBlock(byte[] dest, int offset, int length) throws IOException {
        int got = Math.min(length, buffer.remaining());
        buffer.get(dest, offset, got);
        while (got < length) {
            int read = in.read(dest, offset + got, length - got);
            if (read < 0) break;
            got += read;
        }
        consumed += got;
        return got;
    }

    ByteOrder order() {
        return buffer.order();
    }

    @Override
    long consumed() {
        return consumed;
    }

    @Override
    long minimumBytes(PlyType type, long n) {
        return n * type.bytes;
    }

    @Override
    int line() {
        return 0;
    }

    /** Makes at least {@code n} (≤ the buffer's size) bytes readable, or ends with EOF. */
    private void need(int n) throws IOException {
        if (buffer.remaining() >= n) return;
        buffer.compact();
        while (buffer.position() < n) {
            int read = in.read(buffer.array(), buffer.position(), buffer.capacity() - buffer.position());
            if (read < 0) {
                buffer.flip();
                throw new EOFException();
            }
            buffer.position(buffer.position() + read);
        }
        buffer.flip();
    }
}
