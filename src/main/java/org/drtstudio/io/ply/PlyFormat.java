package org.drtstudio.io.ply;

import java.nio.ByteOrder;

/** How a PLY body is written: text, or binary in either byte order. */
enum PlyFormat {
    ASCII("ascii", null),
    BINARY_LITTLE_ENDIAN("binary_little_endian", ByteOrder.LITTLE_ENDIAN),
    BINARY_BIG_ENDIAN("binary_big_endian", ByteOrder.BIG_ENDIAN);

    /** The word of the header's {@code format} line. */
    final String word;
    /** The byte order of a binary body; null for ASCII. */
    final ByteOrder order;

    PlyFormat(String word, ByteOrder order) {
        this.word = word;
        this.order = order;
    }

    static PlyFormat named(String word) {
        for (PlyFormat f : values()) if (f.word.equals(word)) return f;
        return null;
    }
}
