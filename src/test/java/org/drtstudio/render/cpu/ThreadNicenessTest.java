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

    /** Threads found by name (as the JVM's compiler threads are) step back; a thread of another name keeps its priority. */
    @Test
    void threadsNamedSoStepBackAndOthersDoNot() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux only (/proc/thread-self)");
        assumeTrue(reniceWorks(), "renice is not available here");
        java.util.concurrent.CountDownLatch lowered = new java.util.concurrent.CountDownLatch(1);
        AtomicInteger named = new AtomicInteger(Integer.MIN_VALUE), other = new AtomicInteger(Integer.MIN_VALUE);
        int before = ThreadNiceness.ofCurrentThread();
        // Running, a thread carries its name in the kernel (the JVM names it before run() starts).
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(2);
        Thread a = niceAfter(running, lowered, named, "drt-test-step-back-1");
        Thread b = niceAfter(running, lowered, other, "drt-test-keep-1");
        running.await();
        int count = ThreadNiceness.lowerThreadsNamed(ThreadNiceness.BACKGROUND, "drt-test-step");
        lowered.countDown();
        a.join();
        b.join();
        assertEquals(1, count, "one thread of that name");
        assertEquals(Math.max(before, ThreadNiceness.BACKGROUND), named.get());
        assertEquals(before, other.get(), "a thread of another name keeps its nice value");
    }

    /** A started thread that says it runs, then records its nice value once {@code go} opens. */
    private static Thread niceAfter(java.util.concurrent.CountDownLatch running, java.util.concurrent.CountDownLatch go,
                                    AtomicInteger nice, String name) {
        Thread t = new Thread(() -> {
            try {
                running.countDown();
                go.await();
                nice.set(ThreadNiceness.ofCurrentThread());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        t.start();
        return t;
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
