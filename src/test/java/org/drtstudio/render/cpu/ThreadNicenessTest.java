package org.drtstudio.render.cpu;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ThreadNicenessTest {
    /** One thread steps back; the thread that started it keeps its priority. */
    @Test
    void aThreadLowersItselfAlone() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux only (/proc/thread-self)");
        int before = ThreadNiceness.ofCurrentThread();
        AtomicInteger lowered = new AtomicInteger(Integer.MIN_VALUE);
        Thread t = new Thread(() -> {
            if (ThreadNiceness.lowerCurrentThread(ThreadNiceness.BACKGROUND)) lowered.set(ThreadNiceness.ofCurrentThread());
        });
        t.start();
        t.join();
        assumeTrue(lowered.get() != Integer.MIN_VALUE, "renice is not available here");
        assertEquals(Math.max(before, ThreadNiceness.BACKGROUND), lowered.get());
        assertEquals(before, ThreadNiceness.ofCurrentThread(), "the caller keeps its nice value");
    }

    /** A parallel stream started by work in a lowered pool runs on that pool's lowered threads, not the common pool's. */
    @Test
    void aLoweredPoolKeepsItsParallelStepsLowered() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux only (/proc/thread-self)");
        ForkJoinPool pool = ThreadNiceness.pool("test-lowered", 2, ThreadNiceness.BACKGROUND);
        try {
            Set<String> names = ConcurrentHashMap.newKeySet();
            int least = pool.submit(() -> IntStream.range(0, 64).parallel().map(i -> {
                names.add(Thread.currentThread().getName());
                busy();
                return ThreadNiceness.ofCurrentThread();
            }).min().orElseThrow()).get();
            assertTrue(names.stream().allMatch(n -> n.startsWith("test-lowered-")), "ran on " + names);
            assumeTrue(reniceWorks(), "renice is not available here");
            assertTrue(least >= ThreadNiceness.BACKGROUND, "every step at nice >= " + ThreadNiceness.BACKGROUND + ", least " + least);
        } finally {
            pool.shutdown();
        }
    }

    private static boolean reniceWorks() throws InterruptedException {
        AtomicInteger ok = new AtomicInteger();
        Thread t = new Thread(() -> ok.set(ThreadNiceness.lowerCurrentThread(ThreadNiceness.BACKGROUND) ? 1 : 0));
        t.start();
        t.join();
        return ok.get() == 1;
    }

    private static void busy() {
        long until = System.nanoTime() + 1_000_000;
        while (System.nanoTime() < until) Thread.onSpinWait();
    }
}
