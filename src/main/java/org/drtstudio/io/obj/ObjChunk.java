package org.drtstudio.io.obj;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of whole lines of a plain OBJ file, parsed into primitive arrays on its own thread: the
 * fast path's unit of work ({@link PlainObjParser}). Indices stay as written (0-based, or relative
 * to this chunk's counts) and {@code usemtl}, {@code mtllib} and {@code s} are kept as statements
 * with their face position and line, so that {@link ObjChunkMerger} can resolve all of it in file
 * order once every chunk is parsed.
 *
 * <p>A chunk owns the lines that <em>start</em> inside its byte range; its last line may run past
 * the range (the caller hands over {@link PlainObjParser#MAX_LINE} bytes more), so the split
 * points need no agreement between threads.
 */
final class ObjChunk {
    /** No texture coordinate or normal at this corner. */
    static final int NONE = Integer.MIN_VALUE;
    /** Relative indices are stored as RELATIVE + (count in this chunk so far - k): below 0, decoded at the merge. */
    static final int RELATIVE = -(1 << 30);

    /** A statement whose meaning depends on what came before it in the file. */
    enum Kind { USEMTL, MTLLIB, SMOOTHING }

    /**
     * @param argument what follows the keyword, as javagl and {@link ObjStatementReader} see it (tabs
     *                 as spaces, trimmed)
     * @param face     how many faces of this chunk come before it
     * @param line     its line, counted from 0 at the chunk's first line
     */
    record Statement(Kind kind, String argument, int face, int line) {
    }

    final FloatList positions = new FloatList(1 << 12), texCoords = new FloatList(16), normals = new FloatList(16);
    final IntList cornerVertex = new IntList(1 << 12), faceSizes = new IntList(1 << 11);
    /** Null while no corner so far names one (a scan's plain "f a b c"): 13 MB per million triangles not held. */
    IntList cornerTexCoord, cornerNormal;
    final List<Statement> statements = new ArrayList<>();
    /** How many lines start in this chunk. */
    int lines;
    /** The bytes while this chunk parses them; null after, so the chunk does not keep them. */
    private byte[] s;
    private int pos;
    private final float[] tuple = new float[4];

    private ObjChunk(byte[] s) {
        this.s = s;
    }

    /**
     * Parses the lines that start in {@code s[from, limit)}; the last may end before {@code to}.
     *
     * @param from     the first line's start
     * @param endsFile whether {@code to} is the end of the file (else a line still open at {@code to}
     *                 is longer than the fast path reads)
     * @return the chunk, or null when a line is not plain
     */
    static ObjChunk parse(byte[] s, int from, int limit, int to, boolean endsFile) {
        ObjChunk c = new ObjChunk(s);
        boolean plain = c.lines(from, limit, to, endsFile);
        c.s = null;
        return plain ? c : null;
    }

    /** The first line start at or after {@code at}: {@code at} itself when a line ends just before it. */
    static int lineStartFrom(byte[] s, int at, int to) {
        if (at == 0 || s[at - 1] == '\n') return at;
        while (at < to && s[at] != '\n') at++;
        return at + 1;
    }

    /**
     * Each line is scanned once for its end, the bytes the fast path leaves to the validating
     * one and its first '#', before it is parsed (separate scans for each took a third of the parse).
     */
    private boolean lines(int from, int limit, int to, boolean endsFile) {
        int i = from;
        while (i < limit) {
            int end = i, hash = -1, cr = -1;
            boolean odd = false;
            for (; end < to; end++) {
                int b = s[end];
                if (b == '\n') break;
                // Outside ASCII, control characters other than tab, a backslash (line continuation):
                // the validating path decides; so it does for a CR that does not end the line.
                if (b < ' ') { // bytes outside ASCII too
                    if (b == '\r') {
                        odd |= cr >= 0;
                        cr = end;
                    } else if (b != '\t') {
                        odd = true;
                    }
                } else if (b == '#') {
                    if (hash < 0) hash = end;
                } else if (b == '\\' || b == 127) {
                    odd = true;
                }
            }
            if (end == to && !endsFile) return false; // the line runs past the bytes handed over: too long
            int lineEnd = end > i && s[end - 1] == '\r' ? end - 1 : end;
            if (odd || (cr >= 0 && cr != lineEnd) || lineEnd - i > PlainObjParser.MAX_LINE || !line(i, lineEnd, hash)) return false;
            lines++;
            i = end + 1;
        }
        return true;
    }

    /** @param hash the line's first '#', or -1 */
    private boolean line(int from, int to, int hash) {
        pos = from;
        skipBlanks(to);
        if (pos == to || s[pos] == '#') return true;
        int kw = pos;
        while (pos < to && !blank(s[pos])) pos++;
        int len = pos - kw;
        // A '#' after the keyword is a trailing comment; one inside it makes a keyword no case below takes.
        if (hash >= 0) return false;
        if (len == 1 && s[kw] == 'v') return tuple(to, 3, 3) && add(positions, 3);
        if (len == 2 && s[kw] == 'v' && s[kw + 1] == 'n') return tuple(to, 3, 3) && add(normals, 3);
        if (len == 2 && s[kw] == 'v' && s[kw + 1] == 't') return tuple(to, 1, 2) && add(texCoords, 2);
        if (len == 1 && s[kw] == 'f') return face(to);
        if (len == 1 && s[kw] == 's') return statement(Kind.SMOOTHING, to);
        if (keyword(kw, len, "usemtl")) return statement(Kind.USEMTL, to);
        if (keyword(kw, len, "mtllib")) return statement(Kind.MTLLIB, to);
        return len == 1 && (s[kw] == 'g' || s[kw] == 'o'); // groups and objects do not split the model
    }

    private boolean keyword(int kw, int len, String word) {
        if (len != word.length()) return false;
        for (int k = 0; k < len; k++) if (s[kw + k] != word.charAt(k)) return false;
        return true;
    }

    /** Keeps the rest of the line as javagl's {@code substring(keyword length).trim()} of the cleaned line gives it. */
    private boolean statement(Kind kind, int to) {
        skipBlanks(to);
        int end = to;
        while (end > pos && blank(s[end - 1])) end--;
        String argument = new String(s, pos, end - pos, StandardCharsets.US_ASCII).replace('\t', ' ');
        statements.add(new Statement(kind, argument, faceSizes.size(), lines));
        return true;
    }

    private int count;

    /**
     * Reads up to 4 numbers as javagl does (it parses at most four and ignores the rest), at
     * least {@code min}; keeps the first {@code keep} in {@link #tuple}, missing ones 0.
     */
    private boolean tuple(int to, int min, int keep) {
        count = 0;
        tuple[1] = 0f;
        while (count < 4) {
            skipBlanks(to);
            if (pos == to) break;
            int t = pos;
            while (pos < to && !blank(s[pos])) pos++;
            if (!FastFloat.parse(s, t, pos, tuple, count++)) return false;
        }
        if (count < min) return false;
        for (int k = 0; k < keep; k++) if (!(Math.abs(tuple[k]) <= org.drtstudio.scene.TriangleMesh.MAX_COORDINATE)) return false;
        return true;
    }

    private boolean add(FloatList list, int n) {
        if (n == 3) list.add(tuple[0], tuple[1], tuple[2]);
        else list.add(tuple[0], tuple[1]);
        return true;
    }

    private boolean face(int to) {
        int corners = 0, kind = -1;
        int vCount = positions.size() / 3, tCount = texCoords.size() / 2, nCount = normals.size() / 3;
        while (true) {
            skipBlanks(to);
            if (pos == to) break;
            int v = index(to, vCount);
            if (v == NONE) return false;
            int t = NONE, n = NONE, k = 0;
            if (pos < to && s[pos] == '/') {
                pos++;
                if (pos < to && s[pos] == '/') {
                    pos++;
                    if ((n = index(to, nCount)) == NONE) return false;
                    k = 2;
                } else {
                    if ((t = index(to, tCount)) == NONE) return false;
                    k = 1;
                    if (pos < to && s[pos] == '/') {
                        pos++;
                        if ((n = index(to, nCount)) == NONE) return false;
                        k = 3;
                    }
                }
            }
            if (pos < to && !blank(s[pos])) return false;
            if (kind >= 0 && kind != k) return false; // corners of different kinds
            kind = k;
            cornerVertex.add(v);
            cornerTexCoord = addUnlessAllNone(cornerTexCoord, t, cornerVertex.size() - 1);
            cornerNormal = addUnlessAllNone(cornerNormal, n, cornerVertex.size() - 1);
            if (++corners > ObjFaceSyntax.MAX_CORNERS) return false;
        }
        if (corners < 3) return false;
        faceSizes.add(corners);
        return true;
    }

    /** Adds {@code value} at {@code index} to a list that is null while all its values are NONE. */
    private static IntList addUnlessAllNone(IntList list, int value, int index) {
        if (list == null) {
            if (value == NONE) return null;
            list = new IntList(Math.max(1 << 12, index + 1));
            for (int i = 0; i < index; i++) list.add(NONE);
        }
        list.add(value);
        return list;
    }

    /**
     * One index: 1..999,999,999 stored 0-based, or -1..-999,999,999 stored relative to the count
     * so far in this chunk; NONE when it is not such an index.
     */
    private int index(int to, int countSoFar) {
        boolean negative = pos < to && s[pos] == '-';
        if (negative) pos++;
        int start = pos, value = 0;
        while (pos < to && s[pos] >= '0' && s[pos] <= '9') {
            if (pos - start >= 9) return NONE;
            value = 10 * value + (s[pos++] - '0');
        }
        if (pos == start || value == 0) return NONE;
        return negative ? RELATIVE + countSoFar - value : value - 1;
    }

    private void skipBlanks(int to) {
        while (pos < to && blank(s[pos])) pos++;
    }

    private static boolean blank(byte b) {
        return b == ' ' || b == '\t';
    }
}
