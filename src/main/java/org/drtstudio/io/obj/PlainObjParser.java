package org.drtstudio.io.obj;

import org.drtstudio.io.ReadProgress;
import org.drtstudio.io.support.InputFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A fast path for plain OBJ files, the kind scanners and mesh tools write by the million triangles:
 * ASCII lines of {@code v}, {@code vn}, {@code vt} and {@code f} (plus comment lines, blank lines,
 * {@code g} and {@code o}). It parses bytes, not strings, in parallel chunks, and produces exactly
 * the {@link ObjGeometry} that javagl's parser and {@link ObjGeometryCollector} produce for the
 * same file: the same floats (correctly rounded, as {@link Float#parseFloat}), the same 0-based
 * indices, smoothing group and material.
 *
 * <p>It never reports a problem itself. Anything it is not certain to read the same way — another
 * statement ({@code s}, {@code usemtl}, {@code mtllib}, {@code l}, {@code p}, an upper-case
 * keyword), a comment after a statement, a line continuation, a control character, a byte outside
 * ASCII (a UTF-8 byte order mark excepted), a long line, a malformed number or corner, a face with
 * fewer than three corners or with corners of different kinds, an index out of range — makes
 * {@link #parse} return null, and the caller reads the file through the validating javagl path,
 * which gives the messages and warnings with their line numbers.
 */
final class PlainObjParser {
    /** Files below this size are parsed on one thread (the split is not worth it). */
    private static final int PARALLEL_BYTES = 4 << 20;
    /** Lines longer than this go to the validating path. */
    static final int MAX_LINE = 8192;
    /**
     * Files larger than this are streamed by the javagl path instead of read into memory: the whole
     * text is held while it is parsed into chunks (about as large again), but not while the chunks
     * are merged (see {@link Attempt}), so at most a third of the heap (measured on a 46 MB,
     * 1.1M-triangle file: the fast path then imports it in a 144 MB heap; docs/BENCHMARKS.md), and
     * never above an array's limit.
     */
    private static long maxFileBytes() {
        return Math.min(Integer.MAX_VALUE - 16, Runtime.getRuntime().maxMemory() / 3);
    }

    private PlainObjParser() {
    }

    /**
     * What the fast path made of a file: its geometry, or null when the file is not plain; and, when
     * it declined a file it had read, the file's bytes, so the validating path can parse them without
     * reading the file, and reporting its progress, a second time. Null when the file was too large
     * to hold, and once the file parsed as plain: its bytes are let go before the parsed chunks are
     * merged, which lowers the import's peak memory by the file's size (a file that then fails the
     * merge, one with an index out of range, is read again by the validating path for its message).
     */
    record Attempt(ObjGeometry geometry, byte[] text) {
    }

    /** Reads the file (tracked by {@link ReadProgress}) and parses it when it is plain. */
    static Attempt parse(Path file) throws IOException {
        InputFiles.requireRegular(file); // a FIFO or device has no size to trust and may never end
        long size = Files.size(file);
        if (size > maxFileBytes()) return new Attempt(null, null);
        byte[] text;
        try {
            text = readAll(file, (int) size);
        } catch (OutOfMemoryError e) {
            return new Attempt(null, null); // stream it instead
        }
        Chunk[] chunks;
        try {
            chunks = chunks(text);
        } catch (OutOfMemoryError e) {
            return new Attempt(null, text); // the arrays did not fit beside the text: the validating path streams from it
        }
        if (chunks == null) return new Attempt(null, text);
        text = null; // the merge needs only the chunks (see Attempt)
        try {
            return new Attempt(merge(chunks), null);
        } catch (OutOfMemoryError e) {
            return new Attempt(null, null);
        }
    }

    /** The file's lines parsed in parallel chunks, or null when a line is not plain. */
    private static Chunk[] chunks(byte[] text) {
        int start = text.length >= 3 && (text[0] & 0xff) == 0xEF && (text[1] & 0xff) == 0xBB && (text[2] & 0xff) == 0xBF ? 3 : 0;
        int threads = text.length < PARALLEL_BYTES ? 1 : Math.min(8, Runtime.getRuntime().availableProcessors());
        int[] bounds = chunkBounds(text, start, threads);
        Chunk[] chunks = new Chunk[bounds.length - 1];
        if (chunks.length == 1) {
            chunks[0] = Chunk.parse(text, bounds[0], bounds[1]);
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(chunks.length, r -> {
                Thread t = new Thread(r, "obj-parse");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<Chunk>> parts = new ArrayList<>();
                for (int i = 0; i < chunks.length; i++) {
                    int from = bounds[i], to = bounds[i + 1];
                    parts.add(pool.submit(() -> Chunk.parse(text, from, to)));
                }
                for (int i = 0; i < chunks.length; i++) chunks[i] = parts.get(i).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException e) {
                return null; // never expected; the validating path then reads the file as it always did
            } finally {
                pool.shutdownNow();
            }
        }
        for (Chunk c : chunks) if (c == null) return null;
        return chunks;
    }

    private static byte[] readAll(Path file, int size) throws IOException {
        byte[] out = new byte[size];
        try (InputStream in = ReadProgress.track(file, InputFiles.open(file))) {
            int n = 0;
            while (n < size) {
                int r = in.read(out, n, Math.min(1 << 20, size - n)); // in steps, so progress moves
                if (r < 0) break;
                n += r;
            }
            if (n < size) return java.util.Arrays.copyOf(out, n); // the file shrank while read
        }
        return out;
    }

    /** Chunk boundaries at line starts: start, ..., text.length. */
    private static int[] chunkBounds(byte[] text, int start, int parts) {
        int[] b = new int[parts + 1];
        b[0] = start;
        int k = 1;
        for (int i = 1; i < parts; i++) {
            int at = Math.max(b[k - 1], start + (int) ((long) (text.length - start) * i / parts));
            while (at < text.length && text[at] != '\n') at++;
            if (at < text.length) at++;
            if (at > b[k - 1] && at < text.length) b[k++] = at;
        }
        b[k++] = text.length;
        return java.util.Arrays.copyOf(b, k);
    }

    /** Relative indices are stored as RELATIVE + (count in this chunk so far - k): below 0, and decoded at the merge. */
    private static final int RELATIVE = -(1 << 30);

    private static ObjGeometry merge(Chunk[] chunks) {
        int vCount = 0, tCount = 0, nCount = 0, corners = 0, faces = 0;
        for (Chunk c : chunks) {
            vCount += c.positions.size() / 3;
            tCount += c.texCoords.size() / 2;
            nCount += c.normals.size() / 3;
            corners += c.cornerVertex.size();
            faces += c.faceSizes.size();
        }
        if (faces == 0) return null; // "contains no faces": the validating path says so
        float[] positions = new float[3 * vCount], texCoords = new float[2 * tCount], normals = new float[3 * nCount];
        boolean anyT = false, anyN = false;
        for (Chunk c : chunks) {
            anyT |= c.cornerTexCoord != null;
            anyN |= c.cornerNormal != null;
        }
        // Corners without texture coordinates or normals share one array of -1 (read only).
        int[] none = anyT && anyN ? null : new int[corners];
        if (none != null) java.util.Arrays.fill(none, -1);
        int[] cv = new int[corners], ct = anyT ? new int[corners] : none, cn = anyN ? new int[corners] : none, faceStart = new int[faces + 1];
        int vBase = 0, tBase = 0, nBase = 0, corner = 0, face = 0;
        for (Chunk c : chunks) {
            c.positions.copyTo(positions, 3 * vBase);
            c.texCoords.copyTo(texCoords, 2 * tBase);
            c.normals.copyTo(normals, 3 * nBase);
            int[] v = c.cornerVertex.array();
            int[] t = c.cornerTexCoord == null ? null : c.cornerTexCoord.array(), n = c.cornerNormal == null ? null : c.cornerNormal.array();
            for (int i = 0; i < c.cornerVertex.size(); i++, corner++) {
                cv[corner] = resolve(v[i], vBase, vCount);
                if (anyT) ct[corner] = t == null || t[i] == Chunk.NONE ? -1 : resolve(t[i], tBase, tCount);
                if (anyN) cn[corner] = n == null || n[i] == Chunk.NONE ? -1 : resolve(n[i], nBase, nCount);
                if (cv[corner] < 0 || ct[corner] < -1 || cn[corner] < -1) return null;
            }
            int[] sizes = c.faceSizes.array();
            for (int i = 0; i < c.faceSizes.size(); i++, face++) faceStart[face + 1] = faceStart[face] + sizes[i];
            vBase += c.positions.size() / 3;
            tBase += c.texCoords.size() / 2;
            nBase += c.normals.size() / 3;
        }
        int[] smoothing = new int[faces], material = new int[faces];
        java.util.Arrays.fill(smoothing, ObjStatementReader.DEFAULT_SMOOTH);
        java.util.Arrays.fill(material, -1);
        return new ObjGeometry(positions, texCoords, normals, cv, ct, cn, faceStart, smoothing, material, List.of(), List.of());
    }

    /** The 0-based index of a stored index, or -2 when it is out of range (the validating path reports it). */
    private static int resolve(int stored, int base, int total) {
        int index = stored >= 0 ? stored : base + (stored - RELATIVE);
        return index >= 0 && index < total ? index : -2;
    }

    /** Adds {@code value} at {@code index} to a list that is null while all its values are NONE. */
    private static IntList addUnlessAllNone(IntList list, int value, int index) {
        if (list == null) {
            if (value == Chunk.NONE) return null;
            list = new IntList(Math.max(1 << 12, index + 1));
            for (int i = 0; i < index; i++) list.add(Chunk.NONE);
        }
        list.add(value);
        return list;
    }

    /** One chunk of lines, parsed on its own thread. */
    private static final class Chunk {
        static final int NONE = Integer.MIN_VALUE;
        final FloatList positions = new FloatList(1 << 12), texCoords = new FloatList(16), normals = new FloatList(16);
        final IntList cornerVertex = new IntList(1 << 12), faceSizes = new IntList(1 << 11);
        /** Null while no corner so far names one (a scan's plain "f a b c"): 13 MB per million triangles not held. */
        IntList cornerTexCoord, cornerNormal;
        /** The file's bytes while this chunk parses them; null after, so the chunk does not keep them. */
        private byte[] s;
        private int pos;
        private final float[] tuple = new float[4];

        private Chunk(byte[] s) {
            this.s = s;
        }

        /** The chunk's statements, or null when a line is not plain. */
        static Chunk parse(byte[] s, int from, int to) {
            Chunk c = new Chunk(s);
            boolean plain = c.lines(from, to);
            c.s = null;
            return plain ? c : null;
        }

        /**
         * Each line is scanned once for its end, the bytes the fast path leaves to the validating
         * one and its first '#', before it is parsed (separate scans for each took a third of the parse).
         */
        private boolean lines(int from, int to) {
            int i = from;
            while (i < to) {
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
                int lineEnd = end > i && s[end - 1] == '\r' ? end - 1 : end;
                if (odd || (cr >= 0 && cr != lineEnd) || lineEnd - i > MAX_LINE || !line(i, lineEnd, hash)) return false;
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
            return len == 1 && (s[kw] == 'g' || s[kw] == 'o'); // groups and objects do not split the model
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
}
