package org.drtstudio.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Threads with an uncaught-exception handler of their own (JavaFX's render thread) send their
 * out-of-memory errors to the studio's handling once adopted, and everything else to their own
 * handler as before. Without this the render thread's handler ran out of memory printing and the
 * JVM added a line of its own to the studio's one (StudioOutOfMemoryTest on CI).
 */
@Timeout(30)
class StudioOutOfMemoryRoutingTest {
    private final CountDownLatch go = new CountDownLatch(1);
    private final List<Throwable> ownHandlerSaw = new CopyOnWriteArrayList<>();

    @Test
    void anAdoptedThreadsOutOfMemoryErrorGoesToTheStudioAndItsOtherErrorsToItsOwnHandler() throws Exception {
        AtomicInteger outOfMemory = new AtomicInteger(), secondAdoption = new AtomicInteger();
        List<Thread> dying = List.of(
                dyingThread(() -> {
                    throw new OutOfMemoryError("test");
                }),
                dyingThread(() -> {
                    throw new RuntimeException(new OutOfMemoryError("test"));
                }),
                dyingThread(() -> {
                    throw new IllegalStateException("test");
                }));

        // Only these threads: adopting every thread of the test JVM would leave other tests' threads routed here.
        StudioOutOfMemory.adoptThreadsWithOwnHandlers(dying, outOfMemory::incrementAndGet);
        StudioOutOfMemory.adoptThreadsWithOwnHandlers(dying, secondAdoption::incrementAndGet); // wraps nothing twice
        go.countDown();
        for (Thread t : dying) t.join();

        assertEquals(2, outOfMemory.get(), "each out-of-memory death reaches the studio once");
        assertEquals(0, secondAdoption.get(), "a thread already routed is not wrapped again");
        assertEquals(1, ownHandlerSaw.size(), ownHandlerSaw.toString());
        assertInstanceOf(IllegalStateException.class, ownHandlerSaw.get(0));
    }

    /** A running thread with a handler of its own that dies of {@code death} once the test says go. */
    private Thread dyingThread(Runnable death) throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            running.countDown();
            try {
                go.await();
            } catch (InterruptedException e) {
                return;
            }
            death.run();
        }, "dying");
        t.setUncaughtExceptionHandler((thread, e) -> ownHandlerSaw.add(e));
        t.start();
        running.await();
        return t;
    }
}
