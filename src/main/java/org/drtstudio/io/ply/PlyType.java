package org.drtstudio.io.ply;

import java.util.Locale;

/**
 * The scalar types a PLY property may have, by both of their names in use ({@code uchar} and
 * {@code uint8} are the same type): Greg Turk's original names and the sized ones later writers
 * (VTK, Open3D) use.
 */
enum PlyType {
    INT8(1, true, "char", "int8"),
    UINT8(1, true, "uchar", "uint8"),
    INT16(2, true, "short", "int16"),
    UINT16(2, true, "ushort", "uint16"),
    INT32(4, true, "int", "int32"),
    UINT32(4, true, "uint", "uint32"),
    FLOAT32(4, false, "float", "float32"),
    FLOAT64(8, false, "double", "float64");

    /** Bytes in a binary body. */
    final int bytes;
    /** Whether values are integers (the only types a list's count may have). */
    final boolean integer;
    private final String name, sizedName;

    PlyType(int bytes, boolean integer, String name, String sizedName) {
        this.bytes = bytes;
        this.integer = integer;
        this.name = name;
        this.sizedName = sizedName;
    }

    /** The next value of this type in {@code b} (in its byte order), as a double: exact for every integer type. */
    double read(java.nio.ByteBuffer b) {
        return switch (this) {
            case INT8 -> b.get();
            case UINT8 -> b.get() & 0xff;
            case INT16 -> b.getShort();
            case UINT16 -> b.getShort() & 0xffff;
            case INT32 -> b.getInt();
            case UINT32 -> b.getInt() & 0xffffffffL;
            case FLOAT32 -> b.getFloat();
            case FLOAT64 -> b.getDouble();
        };
    }

    /** The type a header names, or null for a name that is none. */
    static PlyType named(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        for (PlyType t : values()) if (t.name.equals(w) || t.sizedName.equals(w)) return t;
        return null;
    }

    /** The largest value of an integer type; what a colour of this type is divided by to give 0…1. */
    double maxValue() {
        return switch (this) {
            case INT8 -> 127;
            case UINT8 -> 255;
            case INT16 -> 32767;
            case UINT16 -> 65535;
            case INT32 -> Integer.MAX_VALUE;
            case UINT32 -> 4294967295.0;
            case FLOAT32, FLOAT64 -> 1;
        };
    }

    @Override
    public String toString() {
        return name;
    }
}
