package org.drtstudio.io.obj;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * A {@link BufferedReader} that knows which line it is on. javagl's readers accept a
 * {@code BufferedReader} and only ever call {@link #readLine()}, but report problems without a
 * line number; handing them this reader lets us say where a problem is when they fail.
 *
 * <p>Failures of the underlying input are rethrown as {@link InputFailure} so that callers can tell
 * a real I/O error apart from the {@code IOException}s javagl throws for malformed text.
 */
class LineTrackingReader extends BufferedReader {
    private int physicalLines;
    private int statementLine;

    LineTrackingReader(Reader in) {
        super(in, 1 << 16);
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

    /** The next physical line, without its terminator, or null at the end of the input. */
    protected final String nextPhysicalLine() {
        try {
            String line = super.readLine();
            if (line != null) physicalLines++;
            return line;
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
}
