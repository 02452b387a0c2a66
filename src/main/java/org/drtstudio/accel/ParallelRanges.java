package org.drtstudio.accel;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;

/**
 * Data-parallel loops over an index range in fixed chunks, for the packing passes whose elements
 * are independent (one box, one node, one primitive each): on a 1M-triangle mesh each such pass
 * gathers vertices from all over memory, and a second core halves it; and for the renderers'
 * per-pixel passes over a frame's sums (2M pixels at 1080p). A parallel stream rather than a pool
 * of our own: the calling thread works too, and no threads are kept for it.
 */
public final class ParallelRanges {
    /** Elements per chunk: large enough that a chunk's work dwarfs scheduling it, small enough to balance two cores. */
    static final int CHUNK = 16_384;

    private ParallelRanges() {
    }

    public interface Range {
        void run(int from, int to);
    }

    /** Runs {@code action} over [0, n) in chunks, on every core when there is more than one chunk. */
    public static void forEach(int n, Range action) {
        forEach(n, CHUNK, action);
    }

    /** As {@link #forEach(int, Range)} in chunks of {@code chunk} elements. */
    private static void forEach(int n, int chunk, Range action) {
        int chunks = (int) (((long) n + chunk - 1) / chunk);
        if (chunks <= 1) {
            action.run(0, n);
            return;
        }
        IntStream.range(0, chunks).parallel().forEach(c -> action.run(c * chunk, (int) Math.min(n, (long) (c + 1) * chunk)));
    }

    /** Floats a task of {@link #copy} takes: 16 MB. */
    private static final int COPY_CHUNK = 4 << 20;

    /**
     * {@code System.arraycopy(src, 0, dst, at, src.length)} in chunks on every core: one thread
     * copies a few GB/s, far below the memory's rate, and a level of a 17.8M-triangle mesh and a
     * ground plane copies 570 MB of primitives and vertices.
     */
    static void copy(float[] src, float[] dst, int at) {
        forEach(src.length, COPY_CHUNK, (from, to) -> System.arraycopy(src, from, dst, at + from, to - from));
    }

    interface PartAction {
        void run(int part, int from, int to);
    }

    /**
     * Runs an action on each of {@code parts} equal ranges of [s, s+c) as parallel fork/join tasks
     * of {@code pool} (of the pool the caller runs in, when it runs in one); with one part, on the
     * calling thread. For passes whose parts keep results of their own (bins, counts) to merge.
     */
    static void inParts(ForkJoinPool pool, int s, int c, int parts, PartAction action) {
        if (parts == 1) {
            action.run(0, s, s + c);
            return;
        }
        RecursiveAction[] tasks = new RecursiveAction[parts];
        for (int k = 0; k < parts; k++) {
            int part = k, from = s + (int) ((long) c * k / parts), to = s + (int) ((long) c * (k + 1) / parts);
            tasks[k] = new RecursiveAction() {
                @Override
                protected void compute() {
                    action.run(part, from, to);
                }
            };
        }
        if (ForkJoinTask.inForkJoinPool()) ForkJoinTask.invokeAll(tasks);
        else pool.invoke(ForkJoinTask.adapt(() -> ForkJoinTask.invokeAll(tasks)));
    }
}
