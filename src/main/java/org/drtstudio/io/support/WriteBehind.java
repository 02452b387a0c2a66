package org.drtstudio.io.support;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes a sequence's frames one frame behind the work that makes them: frame f's files are compressed, written
 * and synced on a thread of their own while frame f+1 is traced, so a GPU that traces a frame in a tenth of a
 * second does not wait for its picture's encoder and the disk.
 *
 * <p>One write at a time, in the order given: {@link #write} first waits for the write before it, so at most one
 * finished frame waits in memory beside the one being traced, and the files land in frame order. A write's
 * failure (a full disk, a refused file) is thrown by the next {@link #write} or by {@link #close}, so a sequence
 * stops one frame later than it would writing in place, never silently; closing waits for the last write, so no
 * traced frame is dropped when the work after it fails or is cancelled. Made {@linkplain #inPlace() in place},
 * each write runs on the calling thread (a still, or frames too large for the heap to hold two).
 */
public final class WriteBehind implements AutoCloseable {
    /** The writing of one frame's files and what follows it (sealing, saying so). */
    @FunctionalInterface
    public interface Write {
        void run() throws IOException;
    }

    private final ExecutorService thread;
    private Future<?> pending;

    private WriteBehind(ExecutorService thread) {
        this.thread = thread;
    }

    /** Writes on a thread of its own, one frame behind. */
    public static WriteBehind behind() {
        return new WriteBehind(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "drt-write-behind");
            t.setDaemon(true); // closing waits for the writes; a daemon only keeps a failed start from holding the JVM
            return t;
        }));
    }

    /** Writes on the calling thread, each write done when {@link #write} returns. */
    public static WriteBehind inPlace() {
        return new WriteBehind(null);
    }

    /** Behind when {@code overlap}, else in place. */
    public static WriteBehind behindIf(boolean overlap) {
        return overlap ? behind() : inPlace();
    }

    /**
     * Waits for the write before this one (throwing its failure), then starts this one.
     *
     * @throws IOException the earlier write's failure, or this one's when in place
     */
    public void write(Write w) throws IOException {
        awaitPending();
        if (thread == null) {
            w.run();
            return;
        }
        pending = thread.submit(() -> {
            w.run();
            return null;
        });
    }

    /** Waits until every write given so far is done, throwing the failure of one that failed. */
    public void awaitPending() throws IOException {
        Future<?> p = pending;
        if (p == null) return;
        pending = null;
        try {
            p.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending = p; // still running: close waits for it
            throw new InterruptedIOException("interrupted while a frame was being written");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) throw io;
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IOException(cause);
        }
    }

    /**
     * The write failure {@code t} carries as suppressed: a frame's write failed while the work after it failed or was
     * cancelled, and closing added it to that failure. Null when none did. Callers say it too: the frame it names was
     * traced and is not on disk.
     */
    public static IOException failedWrite(Throwable t) {
        for (Throwable s : t.getSuppressed()) if (s instanceof IOException io) return io;
        return null;
    }

    /** Waits for the last write (throwing its failure) and ends the thread. */
    @Override
    public void close() throws IOException {
        try {
            awaitPending();
        } finally {
            if (thread != null) thread.shutdown();
        }
    }
}
