package org.drtstudio.accel;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** {@link DeferredFloats}: a deferred array is packed once, however many threads ask at the same moment, and as long as promised. */
class DeferredFloatsTest {

    @Test
    void threadsAskingTogetherGetTheOneArrayPackedOnce() throws Exception {
        AtomicInteger packs = new AtomicInteger();
        CountDownLatch inside = new CountDownLatch(1), release = new CountDownLatch(1);
        DeferredFloats nodes = DeferredFloats.deferred(8, () -> {
            packs.incrementAndGet();
            inside.countDown();
            await(release); // hold the first asker here until every other one is waiting
            return new float[8];
        });
        assertFalse(nodes.packed());
        List<float[]> got = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> askers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> got.add(nodes.get()));
            t.setDaemon(true); // a failed run must not keep the test JVM alive
            askers.add(t);
        }
        try {
            askers.get(0).start();
            await(inside);
            for (Thread t : askers.subList(1, 4)) t.start();
            for (Thread t : askers.subList(1, 4)) {
                // Each of the others has arrived and waits at the packing's door (it must not pack too).
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (t.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) Thread.onSpinWait();
                assertEquals(Thread.State.BLOCKED, t.getState(), "an asker waits while the array is packed");
            }
            assertFalse(nodes.packed(), "still packing");
        } finally {
            release.countDown();
        }
        for (Thread t : askers) t.join(10_000);
        assertEquals(4, got.size());
        for (float[] a : got) assertSame(got.get(0), a);
        assertEquals(1, packs.get(), "packed once");
        assertTrue(nodes.packed());
    }

    @Test
    void anArrayPackedAlreadyIsHandedOutAsItIs() {
        float[] a = new float[8];
        assertSame(a, DeferredFloats.of(a).get());
        assertTrue(DeferredFloats.of(a).packed());
        assertEquals(8, DeferredFloats.of(a).length());
        assertThrows(IllegalArgumentException.class, () -> DeferredFloats.of(null));
    }

    @Test
    void itsLengthIsKnownBeforeAndAMakerThatBreaksItsPromiseIsCaught() {
        DeferredFloats wrong = DeferredFloats.deferred(12, () -> new float[8]);
        assertEquals(12, wrong.length());
        assertFalse(wrong.packed(), "asking the length packs nothing");
        assertThrows(IllegalStateException.class, wrong::get);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
