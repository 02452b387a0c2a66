package org.drtstudio.io.obj;

import org.drtstudio.io.ReadProgress;
import org.drtstudio.io.support.InputFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.DoubleConsumer;

/**
 * A fast path for plain OBJ files, the kind scanners and mesh tools write by the million triangles:
 * ASCII lines of {@code v}, {@code vn}, {@code vt} and {@code f}, and the statements around them
 * ({@code g}, {@code o}, {@code s}, {@code usemtl}, {@code mtllib}, comment and blank lines). It
 * parses bytes, not strings, in chunks on every core ({@link ObjChunk}) and joins them
 * ({@link ObjChunkMerger}) into exactly the {@link ObjGeometry} that javagl's parser and
 * {@link ObjGeometryCollector} produce for the same file: the same floats (correctly rounded, as
 * {@link Float#parseFloat}), the same 0-based indices, smoothing groups, materials and lines.
 * javagl's streaming parser (one thread, a String per line) stays the path for everything else and
 * for every message; on a plain file this path takes 2.5-7 times less CPU a byte (2-core VM, 2026-11-29:
 * a 197 MB generated grid 155-190 against 60-70 MB a CPU-second, the 3.6 MB lucy_100k about 5 times).
 *
 * <p>A file up to {@link #WHOLE_FILE_BYTES} is read whole, so a file the fast path declines is
 * parsed from the bytes already read. A larger one is never held whole: each chunk reads its own
 * byte range (positional reads, from many threads at once) and the parsed arrays are all that stays,
 * so neither the 2 GB limit of one array nor the file's size in heap applies.
 *
 * <p>It never reports a problem itself. Anything it is not certain to read the same way — another
 * statement ({@code l}, {@code p}, an upper-case keyword), a comment after a statement, a line
 * continuation, a control character, a byte outside ASCII (a UTF-8 byte order mark excepted), a
 * long line, a malformed number or corner, a face with fewer than three corners or with corners of
 * different kinds, an index out of range — makes {@link #parse} return no geometry, and the caller
 * reads the file through the validating javagl path, which gives the messages and warnings with
 * their line numbers.
 */
final class PlainObjParser {
    /** Files below this size are parsed on one thread (the split is not worth it). */
    private static final int PARALLEL_BYTES = 4 << 20;
    /** Files up to this size are read whole before they are parsed (see the class comment). */
    static final long WHOLE_FILE_BYTES = 64L << 20;
    /** Lines longer than this go to the validating path. */
    static final int MAX_LINE = 8192;
    /** Bytes a chunk reads past its range for the line that starts inside and ends outside it (CR LF included). */
    private static final int OVERLAP = MAX_LINE + 2;

    private PlainObjParser() {
    }

    /**
     * What the fast path made of a file: its geometry, or null when the file is not plain; and, when
     * it declined a file it had read whole, the file's bytes, so the validating path can parse them
     * without reading the file, and reporting its progress, a second time. Null when the file was
     * read by chunks, and once the file parsed as plain: its bytes are let go before the parsed chunks
     * are merged, which lowers the import's peak memory by the file's size (a file that then fails the
     * merge, one with an index out of range, is read again by the validating path for its message).
     */
    record Attempt(ObjGeometry geometry, byte[] text) {
    }

    /** Reads the file (tracked by {@link ReadProgress}) and parses it when it is plain. */
    static Attempt parse(Path file) throws IOException {
        return parse(file, 0, Math.min(WHOLE_FILE_BYTES, Runtime.getRuntime().maxMemory() / 3));
    }

    /**
     * As {@link #parse(Path)}, for tests that put chunk boundaries everywhere and read small files by chunks.
     *
     * @param chunkBytes     the chunk size, or 0 to choose it by the file's size and the cores
     * @param wholeFileBytes files up to this size are read whole, larger ones by chunks
     */
    static Attempt parse(Path file, int chunkBytes, long wholeFileBytes) throws IOException {
        return parse(file, chunkBytes, wholeFileBytes, -1);
    }

    /**
     * As above, with {@code warmUpEnds} bytes at each end of a file read by chunks parsed first on the calling
     * thread ({@link #WARM_UP_BYTES}; tests put them anywhere), or -1 to choose by the file and the cores.
     */
    static Attempt parse(Path file, int chunkBytes, long wholeFileBytes, long warmUpEnds) throws IOException {
        InputFiles.requireRegular(file); // a FIFO or device has no size to trust and may never end
        long size = Files.size(file);
        int threads = Runtime.getRuntime().availableProcessors();
        int chunk = chunkBytes > 0 ? chunkBytes : chunkBytes(size, threads);
        ExecutorService pool = chunk >= size ? null : newPool(threads);
        try {
            if (size <= wholeFileBytes) return whole(file, (int) size, chunk, pool);
            long ends = pool == null ? 0 : warmUpEnds >= 0 ? warmUpEnds : warmUpBytes(size, threads);
            return byChunks(file, size, chunk, pool, ends);
        } catch (OutOfMemoryError e) {
            return new Attempt(null, null); // the validating path streams the file instead
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Attempt(null, null);
        } finally {
            if (pool != null) pool.shutdownNow();
        }
    }

    /**
     * About four chunks a core, so a core that draws the slow chunks (faces parse slower than
     * vertices) does not hold up the rest; at least 1 MB each, and at most 16 MB (read buffers).
     */
    private static int chunkBytes(long size, int threads) {
        if (size < PARALLEL_BYTES) return (int) size + 1;
        return (int) Math.max(1 << 20, Math.min(16 << 20, size / (4L * threads) + 1));
    }

    private static ExecutorService newPool(int threads) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "obj-parse");
            t.setDaemon(true);
            t.setUncaughtExceptionHandler(PlainObjParser::workerDied);
            return t;
        });
    }

    /**
     * A worker dies outside its tasks (their failures reach the parser through their futures) only
     * when the pool itself breaks: an OutOfMemoryError thrown inside its queue's lock leaves the
     * lock half taken, and the worker's next take throws IllegalMonitorStateException. The parser
     * has already caught that OutOfMemoryError and reports it in one line; each dying worker's
     * stack trace (the 24 MiB heap test saw 136 lines) would only bury it. Anything else goes to
     * the process's handler.
     */
    private static void workerDied(Thread worker, Throwable e) {
        if (e instanceof IllegalMonitorStateException) return;
        Thread.UncaughtExceptionHandler process = Thread.getDefaultUncaughtExceptionHandler();
        if (process != null) process.uncaughtException(worker, e);
        else worker.getThreadGroup().uncaughtException(worker, e);
    }

    /** The file read whole, then parsed in chunks of that one array. */
    private static Attempt whole(Path file, int size, int chunk, ExecutorService pool) throws IOException, InterruptedException {
        byte[] text = readAll(file, size);
        ObjChunk[] chunks;
        try {
            chunks = chunksOf(text, chunk, pool);
        } catch (OutOfMemoryError e) {
            return new Attempt(null, text); // the arrays did not fit beside the text: the validating path streams from it
        }
        if (chunks == null) return new Attempt(null, text);
        text = null; // the merge needs only the chunks (see Attempt)
        return new Attempt(ObjChunkMerger.merge(chunks, pool), null);
    }

    private static ObjChunk[] chunksOf(byte[] text, int chunk, ExecutorService pool) throws InterruptedException {
        int start = byteOrderMark(text);
        int n = Math.max(1, (text.length - start + chunk - 1) / chunk);
        List<Callable<ObjChunk>> parts = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int from = start + (int) Math.min(text.length - start, (long) k * chunk);
            int limit = start + (int) Math.min(text.length - start, (long) (k + 1) * chunk);
            boolean first = k == 0;
            parts.add(() -> ObjChunk.parse(text, first ? from : ObjChunk.lineStartFrom(text, from, text.length), limit, text.length, true));
        }
        return parseAll(parts, pool, fraction -> { }); // readAll reported the progress
    }

    /**
     * Bytes at each end of a large file parsed on the calling thread before the other chunks go to
     * the pool ({@link #byChunks}): a JVM's first import otherwise runs the parser's loops on every
     * core at once while they are still the JIT's profiling code, whose counters all cores write
     * (issue 41; docs/BENCHMARKS.md, "A cold JVM"). Both ends, because a file's vertices usually
     * come first and its faces last, and each kind of line has its own loops to warm.
     */
    static final int WARM_UP_BYTES = 2 << 20;
    /**
     * Cores from which the warm-up pays: on the 2-core VM a cold parse contends little (two threads on the
     * profiling counters), while 2 MB parsed twice on one thread is a tenth of a second; the launchers turn the
     * JIT's scaling on from 8 cores for the same reason (docs/BENCHMARKS.md, "Sooner to C2").
     */
    private static final int WARM_UP_CORES = 8;

    /** Bytes at each end to parse first on the calling thread: {@link #WARM_UP_BYTES} for a file of 32 times that on many cores, else 0. */
    static long warmUpBytes(long size, int threads) {
        return threads >= WARM_UP_CORES && size >= 32L * WARM_UP_BYTES ? WARM_UP_BYTES : 0;
    }

    /** The file parsed by chunks that each read their own range: never held whole. */
    private static Attempt byChunks(Path file, long size, int chunk, ExecutorService pool, long warmUpEnds)
            throws IOException, InterruptedException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            byte[] head = new byte[3];
            int start = byteOrderMark(Arrays.copyOf(head, readAt(channel, 0, head, head.length)));
            long ends = 2 * warmUpEnds < size - start ? warmUpEnds : 0;
            ThreadLocal<byte[]> buffers = ThreadLocal.withInitial(() -> new byte[chunk + 1 + OVERLAP]);
            List<Callable<ObjChunk>> parts = new ArrayList<>();
            List<long[]> ranges = ranges(start, size, chunk, ends);
            for (int k = 0; k < ranges.size(); k++) {
                long from = ranges.get(k)[0], limit = ranges.get(k)[1];
                // The ends are parsed on the calling thread, each into a buffer of its own size, let go afterwards.
                boolean end = ends > 0 && (k == 0 || k == ranges.size() - 1);
                parts.add(() -> parseRange(channel, size, from, limit, from == start,
                        end ? new byte[(int) ends + 1 + OVERLAP] : buffers.get()));
            }
            ObjChunk[] chunks = parseAll(parts, pool, ReadProgress.reporter(file), ends > 0);
            return new Attempt(chunks == null ? null : ObjChunkMerger.merge(chunks, pool), null);
        }
    }

    /**
     * {@code [from, limit)} byte ranges from {@code start} to {@code size}: {@code ends} bytes at each end apart
     * (where not 0; then {@code 2 * ends < size - start}, so that chunks lie between them), chunks between.
     */
    static List<long[]> ranges(long start, long size, int chunk, long ends) {
        List<long[]> ranges = new ArrayList<>();
        long middleEnd = size - ends;
        if (ends > 0) ranges.add(new long[]{start, start + ends});
        for (long from = start + ends; from < middleEnd; from += chunk) ranges.add(new long[]{from, Math.min(middleEnd, from + chunk)});
        if (ends > 0) ranges.add(new long[]{middleEnd, size});
        return ranges;
    }

    /** Reads the lines that start in {@code [from, limit)} of the file, and one byte before, into {@code buffer} and parses them. */
    private static ObjChunk parseRange(FileChannel channel, long size, long from, long limit, boolean firstLine, byte[] buffer)
            throws IOException {
        long windowStart = firstLine ? from : from - 1, windowEnd = Math.min(size, limit + OVERLAP);
        int length = readAt(channel, windowStart, buffer, (int) (windowEnd - windowStart));
        int at = (int) (from - windowStart);
        int lineStart = firstLine ? at : ObjChunk.lineStartFrom(buffer, at, length);
        return ObjChunk.parse(buffer, lineStart, (int) (limit - windowStart), length, windowStart + length == size);
    }

    /** Fills {@code buffer[0, length)} from {@code position}; fewer bytes only where the file ends (it shrank while read). */
    private static int readAt(FileChannel channel, long position, byte[] buffer, int length) throws IOException {
        ByteBuffer into = ByteBuffer.wrap(buffer, 0, length);
        while (into.hasRemaining()) {
            if (channel.read(into, position + into.position()) < 0) break;
        }
        return into.position();
    }

    /**
     * Runs the chunk parsers, on the pool when there is one, reporting the fraction done in file
     * order; the chunks, or null when one is not plain.
     */
    private static ObjChunk[] parseAll(List<Callable<ObjChunk>> parts, ExecutorService pool, DoubleConsumer progress)
            throws InterruptedException {
        return parseAll(parts, pool, progress, false);
    }

    /** As above; with {@code endsFirst} the first and last parts are parsed on the calling thread before the rest are handed out. */
    private static ObjChunk[] parseAll(List<Callable<ObjChunk>> parts, ExecutorService pool, DoubleConsumer progress, boolean endsFirst)
            throws InterruptedException {
        ObjChunk[] chunks = new ObjChunk[parts.size()];
        if (pool == null) {
            for (int k = 0; k < chunks.length; k++) {
                if ((chunks[k] = call(parts.get(k))) == null) return null;
            }
            return chunks;
        }
        int last = chunks.length - 1;
        if (endsFirst) {
            chunks[0] = call(parts.get(0));
            if (chunks[0] == null) return null;
            chunks[last] = call(parts.get(last));
            if (chunks[last] == null) return null;
        }
        List<Future<ObjChunk>> futures = new ArrayList<>(parts.size());
        for (int k = 0; k < parts.size(); k++) {
            boolean done = endsFirst && (k == 0 || k == last);
            futures.add(done ? CompletableFuture.completedFuture(chunks[k]) : pool.submit(parts.get(k)));
        }
        for (int k = 0; k < chunks.length; k++) {
            try {
                chunks[k] = futures.get(k).get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) throw error; // OutOfMemoryError: the caller streams instead
                chunks[k] = null; // an I/O failure or a bug: the validating path reads the file as it always did
            }
            if (chunks[k] == null) {
                for (Future<ObjChunk> f : futures) f.cancel(true);
                return null;
            }
            progress.accept((k + 1.0) / chunks.length);
        }
        return chunks;
    }

    private static ObjChunk call(Callable<ObjChunk> part) {
        try {
            return part.call();
        } catch (Error e) {
            throw e;
        } catch (Exception e) {
            return null;
        }
    }

    private static int byteOrderMark(byte[] text) {
        return text.length >= 3 && (text[0] & 0xff) == 0xEF && (text[1] & 0xff) == 0xBB && (text[2] & 0xff) == 0xBF ? 3 : 0;
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
            if (n < size) return Arrays.copyOf(out, n); // the file shrank while read
        }
        return out;
    }
}
