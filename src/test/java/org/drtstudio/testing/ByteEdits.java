package org.drtstudio.testing;

/** Edits of a file's bytes for the importers' fuzz tests. */
public final class ByteEdits {
    private ByteEdits() {
    }

    /** {@code b} with bytes [from, to) replaced by {@code insert}. */
    public static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        byte[] out = new byte[b.length - (to - from) + insert.length];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(insert, 0, out, from, insert.length);
        System.arraycopy(b, to, out, from + insert.length, b.length - to);
        return out;
    }
}
