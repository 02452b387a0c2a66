package org.drtstudio.io.obj;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * A {@link BufferedReader} that knows which line it is on and refuses endless lines. javagl's
 * readers accept a {@code BufferedReader} and only ever call {@link #readLine()}, but report
 * problems without a line number; handing them this reader lets us say where a problem is when
 * they fail.
 *
 * <p>Lines are split here, not by {@code BufferedReader.readLine}, whose line grows without bound:
 * a file that is one endless line (a binary file, {@code /dev/zero} behind a symlink) would fill
 * the heap before any parser saw it. A line longer than {@link #MAX_LINE_LENGTH} characters ends
 * the read with {@link LineTooLong}. Terminators are those of {@code BufferedReader}: LF, CR LF, CR.
 *
 * <p>Failures of the underlying input are rethrown as {@link InputFailure} so that callers can tell
 * a real I/O error apart from the {@code IOException}s javagl throws for malformed text.
 */
class LineTrackingReader extends BufferedReader {
    /**
     * Longest physical line, in characters. Far above real OBJ lines (a face of 10,000 corners
     * written as v/vt/vn is about 200,000 characters) and small enough that the memory is bounded.
     */
    static final int MAX_LINE_LENGTH = 1 << 20;

    private final Reader source;
    private final char[] buffer = new char[1 << 16];
    private int bufferPos, bufferEnd;
    private boolean eof, skipLf;
    private char[] line = new char[256];
    private int physicalLines;
    private int statementLine;

    LineTrackingReader(Reader in) {
        super(in, 16); // BufferedReader's own buffer is never used: every read goes through readLine
        this.source = in;
    }

    @Override
    public String readLine() {
        String line = nextPhysicalLine();
        statementLine = physicalLines;
        return line;
    }

    /** 1-based number of the (first physical) line of the statement returned last. */
    final int statementLine() {
        return statementLine;
    }

    final void setStatementLine(int line) {
        statementLine = line;
    }

    /** Number of physical lines read so far. */
    final int physicalLines() {
        return physicalLines;
    }

    /**
     * The next physical line, without its terminator, or null at the end of the input.
     *
     * @throws LineTooLong  when the line exceeds {@link #MAX_LINE_LENGTH}
     * @throws InputFailure when the input cannot be read
     */
    protected final String nextPhysicalLine() {
        // Fast path, as BufferedReader's: the whole line lies in the buffer, so no copy.
        if (skipLf && bufferPos < bufferEnd) { // the LF of a CR LF split from its CR
            skipLf = false;
            if (buffer[bufferPos] == '\n') bufferPos++;
        }
        if (!skipLf) {
            for (int i = bufferPos; i < bufferEnd; i++) {
                char c = buffer[i];
                if (c == '\n' || c == '\r') {
                    String line = new String(buffer, bufferPos, i - bufferPos);
                    bufferPos = i + 1;
                    skipLf = c == '\r';
                    physicalLines++;
                    return line;
                }
            }
        }
        int length = 0;
        boolean any = false;
        while (true) {
            if (bufferPos == bufferEnd && !fill()) {
                if (!any) return null;
                break;
            }
            char c = buffer[bufferPos++];
            if (skipLf) {
                skipLf = false;
                if (c == '\n') continue;
            }
            any = true;
            if (c == '\n') break;
            if (c == '\r') {
                skipLf = true;
                break;
            }
            if (length == line.length) {
                if (length >= MAX_LINE_LENGTH) {
                    physicalLines++;
                    throw new LineTooLong(physicalLines);
                }
                line = java.util.Arrays.copyOf(line, Math.min(MAX_LINE_LENGTH, 2 * length));
            }
            line[length++] = c;
        }
        physicalLines++;
        return new String(line, 0, length);
    }

    private boolean fill() {
        if (eof) return false;
        try {
            int n;
            do {
                n = source.read(buffer, 0, buffer.length);
            } while (n == 0);
            if (n < 0) {
                eof = true;
                return false;
            }
            bufferPos = 0;
            bufferEnd = n;
            return true;
        } catch (IOException e) {
            throw new InputFailure(e);
        }
    }

    /** The input itself could not be read (as opposed to being read and found malformed). */
    static final class InputFailure extends UncheckedIOException {
        InputFailure(IOException cause) {
            super(cause);
        }
    }

    /** A line longer than {@link #MAX_LINE_LENGTH}: not a text file, or not one worth reading. */
    static final class LineTooLong extends RuntimeException {
        private final int line;

        LineTooLong(int line) {
            super("line is longer than " + MAX_LINE_LENGTH + " characters (is this a text file?)", null, false, false);
            this.line = line;
        }

        int line() {
            return line;
        }
    }
}
