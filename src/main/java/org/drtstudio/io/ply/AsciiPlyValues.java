package org.drtstudio.io.ply;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.SceneFormatException;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * An ASCII PLY body: values separated by white space. Entries are conventionally one a line, but
 * only the order of values counts here (as in the reference {@code ply.c}); lines are counted for
 * messages. A value is at most {@link #MAX_VALUE_LENGTH} characters of a number's alphabet, so a
 * file that is one endless word ends at once, and no more than that is ever held or quoted.
 */
final class AsciiPlyValues extends PlyValues {
    static final int MAX_VALUE_LENGTH = 64;

    private final Path file;
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int position, limit;
    private final byte[] word = new byte[MAX_VALUE_LENGTH];
    private int line;
    /** The line of the last value read: what a message about it names. */
    private int valueLine;
    private long consumed;

    /** @param firstLine the line the body starts on */
    AsciiPlyValues(Path file, InputStream in, int firstLine) {
        this.file = file;
        this.in = in;
        this.line = firstLine;
    }

    @Override
    double scalar(PlyType type) throws IOException, SceneFormatException {
        if (type.integer) return integer(type);
        String w = next();
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            if (!(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'))
                throw notANumber(w, type);
        }
        try {
            return Double.parseDouble(w);
        } catch (NumberFormatException e) {
            throw notANumber(w, type);
        }
    }

    @Override
    long integer(PlyType type) throws IOException, SceneFormatException {
        String w = next();
        try {
            return Long.parseLong(w);
        } catch (NumberFormatException e) {
            throw notANumber(w, type);
        }
    }

    @Override
    void skip(PlyType type, long n) throws IOException, SceneFormatException {
        for (long i = 0; i < n; i++) next();
    }

    @Override
    long consumed() {
        return consumed;
    }

    @Override
    long minimumBytes(PlyType type, long n) {
        return 2 * n;
    }

    @Override
    int line() {
        return valueLine;
    }

    private SceneFormatException notANumber(String w, PlyType type) {
        return new SceneFormatException(file, valueLine, Excerpt.quote(w) + " is not " + (type.integer ? "a whole number" : "a number")
                + " (" + type + ")");
    }

    /** The next word; EOF when the body has none left. */
    private String next() throws IOException, SceneFormatException {
        int b = read();
        while (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
            if (b == '\n') line++;
            b = read();
        }
        if (b < 0) throw new EOFException();
        valueLine = line;
        int n = 0;
        while (b >= 0 && b != ' ' && b != '\t' && b != '\r' && b != '\n') {
            if (b < 0x20 || b >= 0x7f)
                throw new SceneFormatException(file, line, "holds a byte that is not text in its ASCII body");
            if (n == MAX_VALUE_LENGTH)
                throw new SceneFormatException(file, line, "a value is longer than " + MAX_VALUE_LENGTH + " characters");
            word[n++] = (byte) b;
            b = read();
        }
        if (b == '\n') line++;
        return new String(word, 0, n, StandardCharsets.US_ASCII);
    }

    private int read() throws IOException {
        if (position == limit) {
            limit = in.read(buffer, 0, buffer.length);
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        consumed++;
        return buffer[position++] & 0xff;
    }
}
