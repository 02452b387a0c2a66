package org.drtstudio.studio.measure;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StallSamplerTest {
    private static final long MS = 1_000_000L;

    /** Ticks while a beat is overdue sample the watched thread's stack; the longest stall is the one reported. */
    @Test
    void theLongestStallNamesWhereTheThreadWas() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        Thread busy = new Thread(() -> waitingInAKnownPlace(inside), "stalled");
        busy.setDaemon(true);
        busy.start();
        inside.await();
        StallSampler sampler = new StallSampler(true);
        long t = 1_000 * MS;
        // a short stall (30 ms overdue at its end), then a longer one (60 ms)
        for (long overdue = 20 * MS; overdue <= 30 * MS; overdue += 5 * MS) sampler.tick(busy, overdue, t += 5 * MS);
        sampler.tick(busy, 0, t += 5 * MS);
        for (long overdue = 20 * MS; overdue <= 60 * MS; overdue += 5 * MS) sampler.tick(busy, overdue, t += 5 * MS);
        sampler.tick(busy, 0, t += 5 * MS);
        String report = sampler.longestStall();
        assertTrue(report.startsWith("65 ms"), report); // from its first sample's overdue start to the tick that saw it end
        assertTrue(report.contains("9 samples (each paused the JVM)"), report);
        assertTrue(report.contains("StallSamplerTest.waitingInAKnownPlace"), report);
        busy.interrupt();
    }

    /** Without stacks (the default) a stall is still measured and timed, but no stack is read. */
    @Test
    void withoutStacksTheStallIsTimedButNotSampled() {
        StallSampler sampler = new StallSampler(false);
        long t = 1_000 * MS;
        for (long overdue = 20 * MS; overdue <= 40 * MS; overdue += 5 * MS) sampler.tick(Thread.currentThread(), overdue, t += 5 * MS);
        sampler.tick(Thread.currentThread(), 0, t += 5 * MS);
        String report = sampler.longestStall();
        assertTrue(report.startsWith("45 ms"), report);
        assertFalse(report.contains("samples"), report);
        assertFalse(report.contains("StallSamplerTest"), report);
    }

    @Test
    void beatsOnTimeAreNotStalls() {
        StallSampler sampler = new StallSampler(true);
        for (int i = 0; i < 10; i++) sampler.tick(Thread.currentThread(), StallSampler.OVERDUE_NANOS - 1, i * 5 * MS);
        assertTrue(sampler.longestStall().startsWith("no stall over 20 ms"), sampler.longestStall());
    }

    private static void waitingInAKnownPlace(CountDownLatch inside) {
        inside.countDown();
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
