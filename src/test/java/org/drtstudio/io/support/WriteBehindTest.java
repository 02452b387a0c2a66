package org.drtstudio.io.support;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Frames written one behind the tracer: in order, one at a time, overlapping the caller's next work, and no
 * failure lost: a write's failure comes out of the next call or of closing, and closing waits for the last write.
 */
class WriteBehindTest {
    @Test
    void writesInOrderOneAtATimeOnAnotherThread() throws Exception {
        List<Integer> order = new CopyOnWriteArrayList<>();
        AtomicInteger running = new AtomicInteger(), most = new AtomicInteger();
        Thread caller = Thread.currentThread();
        AtomicBoolean onCaller = new AtomicBoolean();
        try (WriteBehind w = WriteBehind.behind()) {
            for (int f = 0; f < 20; f++) {
                int frame = f;
                w.write(() -> {
                    most.accumulateAndGet(running.incrementAndGet(), Math::max);
                    if (Thread.currentThread() == caller) onCaller.set(true);
                    sleep(2);
                    order.add(frame);
                    running.decrementAndGet();
                });
            }
        }
        assertEquals(java.util.stream.IntStream.range(0, 20).boxed().toList(), order, "every frame written, in order");
        assertEquals(1, most.get(), "one write at a time");
        assertFalse(onCaller.get(), "written on a thread of its own");
    }

    @Test
    void theCallerWorksWhileTheFrameBeforeIsWritten() throws Exception {
        CountDownLatch writing = new CountDownLatch(1), traced = new CountDownLatch(1);
        try (WriteBehind w = WriteBehind.behind()) {
            w.write(() -> {
                writing.countDown();
                // Finishes only once the caller has done its next frame's work: a write in place would never get here.
                try {
                    if (!traced.await(10, TimeUnit.SECONDS)) throw new IOException("the caller waited for the write");
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
            });
            assertTrue(writing.await(10, TimeUnit.SECONDS));
            traced.countDown(); // the next frame's work, done while frame 0 is still being written
        }
    }

    @Test
    void aFailedWriteIsThrownByTheNextWrite() throws Exception {
        AtomicBoolean later = new AtomicBoolean();
        WriteBehind w = WriteBehind.behind();
        w.write(() -> {
            throw new OutputProblem(java.nio.file.Path.of("frame_0001.png"), "No space left on device");
        });
        OutputProblem p = assertThrows(OutputProblem.class, () -> w.write(() -> later.set(true)));
        assertTrue(p.getMessage().contains("frame_0001.png") && p.getMessage().contains("No space left"), p.getMessage());
        w.close();
        assertFalse(later.get(), "nothing after the failure is written");
    }

    @Test
    void aWriteThatFailedWhileTheNextFrameFailedToIsKeptBesideThatFailure() throws Exception {
        CountDownLatch failed = new CountDownLatch(1);
        IllegalStateException trace = assertThrows(IllegalStateException.class, () -> {
            try (WriteBehind w = WriteBehind.behind()) {
                w.write(() -> {
                    failed.countDown();
                    throw new OutputProblem(java.nio.file.Path.of("frame_0001.png"), "is a folder");
                });
                assertTrue(failed.await(10, TimeUnit.SECONDS));
                throw new IllegalStateException("the next frame's trace failed");
            }
        });
        IOException write = WriteBehind.failedWrite(trace);
        assertTrue(write instanceof OutputProblem && write.getMessage().contains("frame_0001.png"), "kept: " + write);
        assertNull(WriteBehind.failedWrite(new IllegalStateException()), "none where no write failed");
    }

    @Test
    void closingWaitsForTheLastWriteAndThrowsItsFailure() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        WriteBehind w = WriteBehind.behind();
        w.write(() -> {
            sleep(50);
            done.set(true);
        });
        w.close();
        assertTrue(done.get(), "the last frame is on disk once closed");

        WriteBehind failing = WriteBehind.behind();
        failing.write(() -> {
            throw new IOException("disk gone");
        });
        assertEquals("disk gone", assertThrows(IOException.class, failing::close).getMessage());
    }

    @Test
    void aWriteRunningOutOfMemorySaysSoAsItself() throws Exception {
        WriteBehind w = WriteBehind.behind();
        w.write(() -> {
            throw new OutOfMemoryError("Java heap space");
        });
        assertThrows(OutOfMemoryError.class, w::close, "the command's out-of-memory line, not a wrapped exception");
    }

    @Test
    void inPlaceWritesBeforeReturning() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        try (WriteBehind w = WriteBehind.inPlace()) {
            w.write(() -> done.set(true));
            assertTrue(done.get());
            assertThrows(IOException.class, () -> w.write(() -> {
                throw new IOException("refused");
            }));
        }
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }
}
