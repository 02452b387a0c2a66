package org.drtstudio.io.ply;

import org.drtstudio.io.SceneFormatException;

import java.io.EOFException;
import java.io.IOException;

/**
 * The values of a PLY body one at a time, whatever its encoding. The end of the file where a value
 * should be is an {@link EOFException}, which the reader turns into "ends after N of M vertices".
 * Each implementation counts the bytes it consumed, so a list's length can be checked against what
 * is left of the file before it is read.
 */
abstract sealed class PlyValues permits AsciiPlyValues, BinaryPlyValues {
    /** The next value, of type {@code type}. */
    abstract double scalar(PlyType type) throws IOException, SceneFormatException;

    /** The next value as a whole number: a list's count or a vertex index ({@code type} an integer type). */
    abstract long integer(PlyType type) throws IOException, SceneFormatException;

    /** Passes over {@code n} values of {@code type} (the items of a list that is not read). */
    abstract void skip(PlyType type, long n) throws IOException, SceneFormatException;

    /** Bytes of the body consumed so far. */
    abstract long consumed();

    /** The fewest bytes {@code n} values of {@code type} take in this encoding. */
    abstract long minimumBytes(PlyType type, long n);

    /** The current line for a message (ASCII), or 0 (binary: the message names the element and entry). */
    abstract int line();
}
