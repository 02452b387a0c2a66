package org.drtstudio.io.support;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.SceneFormatException;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a line-oriented text scene file one line at a time and splits each line into
 * whitespace-separated tokens, with the line number and file name at hand for error messages.
 *
 * <p>Lines end at LF, CR LF or a lone CR; a missing final newline is fine. Spaces, tabs and other
 * ASCII control characters separate tokens. When a comment character is given, it and the rest of
 * its line are dropped before tokenizing ({@link #text()} still shows the whole line).
 *
 * <p>Memory stays bounded whatever the input: a line longer than {@link #MAX_LINE_LENGTH}
 * characters is an error rather than a reason to grow a buffer, because a binary file handed to an
 * importer may contain no newline at all.
 *
 * <p>Nothing of the file is quoted until the reader has {@linkplain #recognise() recognised} it as
 * its format (a whole statement read): before that it may be any file a scene's name was linked
 * to, and its messages name the line and the problem only ({@link #excerpt}).
 */
public final class LineTokenizer {
    /** Longest accepted line, in characters. Real scene lines are a few dozen characters. */
    public static final int MAX_LINE_LENGTH = 1 << 16;

    private final Path file;
    private final Reader in;
    private final char commentChar;
    /** The format's name for messages about a file not (yet) recognised, e.g. "an NFF file". */
    private final String format;
    private boolean recognised;

    private final char[] buffer = new char[1 << 14];
    private int bufferPos;
    private int bufferEnd;
    private boolean eof;

    private char[] line = new char[256];
    private int lineLength;
    private int lineNumber;

    private int[] tokenStart = new int[16];
    private int[] tokenEnd = new int[16];
    private int tokenCount;

    /**
     * @param file        the file's name as it should appear in messages (not opened here)
     * @param in          the text; the caller closes it
     * @param commentChar starts a comment running to the end of the line, or {@code 0} for none
     * @param format      the format with its article, for messages before recognition ("an NFF file")
     */
    public LineTokenizer(Path file, Reader in, char commentChar, String format) {
        this.file = file;
        this.in = in;
        this.commentChar = commentChar;
        this.format = format;
    }

    /** The reader has read a whole statement of its format: from now on messages may quote the file. */
    public void recognise() {
        recognised = true;
    }

    public boolean recognised() {
        return recognised;
    }

    /**
     * Text of the file for a message: a short sanitised quote ({@link Excerpt}) once the file is
     * recognised, else words saying it is not shown.
     */
    public String excerpt(String text) {
        return excerpt(text, Excerpt.DEFAULT_LENGTH);
    }

    /** {@link #excerpt(String)} with a chosen length limit (e.g. longer for file paths). */
    public String excerpt(String text, int max) {
        return recognised ? Excerpt.quote(text, max) : "(not shown: the file does not read as " + format + " yet)";
    }

    /** The end of a message about a file not recognised yet: "; this does not look like an NFF file". */
    public String notRecognised() {
        return "; this does not look like " + format;
    }

    /**
     * Advances to the next line.
     *
     * @return false at the end of the input (the line number then stays that of the last line)
     * @throws SceneFormatException when the line exceeds {@link #MAX_LINE_LENGTH}
     */
    public boolean next() throws IOException, SceneFormatException {
        lineLength = 0;
        tokenCount = 0;
        boolean any = false;
        while (true) {
            if (bufferPos == bufferEnd && !fill()) {
                if (!any) return false;
                break;
            }
            any = true;
            char c = buffer[bufferPos++];
            if (c == '\n') break;
            if (c == '\r') {
                // CR LF counts as one line end; a lone CR (old Mac files) as one too.
                if (bufferPos < bufferEnd || fill()) {
                    if (buffer[bufferPos] == '\n') bufferPos++;
                }
                break;
            }
            if (lineLength == line.length) {
                if (lineLength >= MAX_LINE_LENGTH) {
                    lineNumber++;
                    throw error("line is longer than " + MAX_LINE_LENGTH + " characters (is this a text file?)");
                }
                line = Arrays.copyOf(line, Math.min(MAX_LINE_LENGTH, 2 * line.length));
            }
            line[lineLength++] = c;
        }
        lineNumber++;
        tokenize();
        return true;
    }

    /**
     * Advances to the next line holding at least one token, skipping blank and comment-only lines.
     *
     * @return false at the end of the input
     */
    public boolean nextNonBlank() throws IOException, SceneFormatException {
        while (next()) {
            if (tokenCount > 0) return true;
        }
        return false;
    }

    private boolean fill() throws IOException {
        if (eof) return false;
        int n;
        do {
            n = in.read(buffer, 0, buffer.length);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            bufferPos = bufferEnd = 0;
            return false;
        }
        bufferPos = 0;
        bufferEnd = n;
        return true;
    }

    private void tokenize() {
        int end = lineLength;
        if (commentChar != 0) {
            for (int i = 0; i < lineLength; i++) {
                if (line[i] == commentChar) {
                    end = i;
                    break;
                }
            }
        }
        int i = 0;
        while (i < end) {
            while (i < end && isSeparator(line[i])) i++;
            if (i == end) break;
            int start = i;
            while (i < end && !isSeparator(line[i])) i++;
            if (tokenCount == tokenStart.length) {
                tokenStart = Arrays.copyOf(tokenStart, 2 * tokenCount);
                tokenEnd = Arrays.copyOf(tokenEnd, 2 * tokenCount);
            }
            tokenStart[tokenCount] = start;
            tokenEnd[tokenCount] = i;
            tokenCount++;
        }
    }

    private static boolean isSeparator(char c) {
        // Treat every ASCII control character as white space: stray form feeds, NULs or vertical tabs
        // in hand-edited files should separate tokens rather than become part of a number.
        return c <= ' ' || c == '\u00a0';
    }

    /** 1-based number of the current line (0 before the first call to {@link #next()}). */
    public int lineNumber() {
        return lineNumber;
    }

    /** The current line as read, without its line terminator; comments included. */
    public String text() {
        return new String(line, 0, lineLength);
    }

    /** Number of tokens on the current line (comments excluded). */
    public int count() {
        return tokenCount;
    }

    /** Token {@code i} (0-based) of the current line. */
    public String token(int i) {
        if (i < 0 || i >= tokenCount) throw new IndexOutOfBoundsException("token " + i + " of " + tokenCount);
        return new String(line, tokenStart[i], tokenEnd[i] - tokenStart[i]);
    }

    /**
     * Token {@code i} as a finite float.
     *
     * @param what names the value in the error message, e.g. "sphere radius"
     * @throws SceneFormatException naming the line when the token is not a number, NaN or infinite
     */
    public float number(int i, String what) throws SceneFormatException {
        return parseFinite(token(i), what);
    }

    /**
     * Parses {@code text} as a finite float, reporting problems at the current line.
     *
     * @param what names the value in the error message
     */
    public float parseFinite(String text, String what) throws SceneFormatException {
        float v;
        try {
            v = Float.parseFloat(text);
        } catch (NumberFormatException e) {
            throw error(what + " must be a number" + got(text));
        }
        if (!isPlainNumber(text)) throw error(what + " must be a number" + got(text));
        if (!Float.isFinite(v)) throw error(what + " must be a finite number" + got(text));
        return v;
    }

    /** ", got 'TEXT'" for a recognised file; for any other, the words that nothing of it is shown. */
    private String got(String text) {
        return recognised ? ", got " + quote(text) : notRecognised();
    }

    /**
     * Token {@code i} as an integer in {@code [min, max]}.
     *
     * @param what names the value in the error message, e.g. "vertex count"
     */
    public int integer(int i, String what, int min, int max) throws SceneFormatException {
        return parseInteger(token(i), what, min, max);
    }

    /** Parses {@code text} as an integer in {@code [min, max]}, reporting problems at the current line. */
    public int parseInteger(String text, String what, int min, int max) throws SceneFormatException {
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            // Accept "512.0" as written by some exporters, but not "512.5".
            float f;
            try {
                f = isPlainNumber(text) ? Float.parseFloat(text) : Float.NaN;
            } catch (NumberFormatException e2) {
                f = Float.NaN;
            }
            if (!Float.isFinite(f) || f != Math.rint(f)) throw error(what + " must be a whole number" + got(text));
            v = f > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : f < Long.MIN_VALUE / 2 ? Long.MIN_VALUE : (long) f;
        }
        if (v < min || v > max) throw error(what + " must be between " + min + " and " + max + got(text));
        return (int) v;
    }

    /**
     * Java's float parser also accepts hexadecimal floats and "1f"/"1d" suffixes, which no scene
     * format writes; refusing them keeps "what the file says" and "what we read" the same.
     */
    private static boolean isPlainNumber(String s) {
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            boolean ok = (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
            if (!ok) return false;
        }
        return true;
    }

    /** An exception for the current line. */
    public SceneFormatException error(String problem) {
        return new SceneFormatException(file, lineNumber, problem);
    }

    /** An exception for an earlier line (e.g. the line that opened a block the file never finished). */
    public SceneFormatException errorAt(int line, String problem) {
        return new SceneFormatException(file, line, problem);
    }

    /**
     * Quotes text from the file for a one-line message: control and non-printable characters become
     * '?', and long text is cut, so a binary file cannot smuggle line breaks or megabytes into it
     * (see {@link Excerpt}).
     */
    public static String quote(String text) {
        return Excerpt.quote(text);
    }

    /** Like {@link #quote(String)} with a chosen length limit (e.g. longer for file paths). */
    public static String quote(String text, int max) {
        return Excerpt.quote(text, max);
    }
}
