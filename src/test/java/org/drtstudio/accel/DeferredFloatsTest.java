package org.drtstudio.accel;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<float[]>> got = new ArrayList<>();
            got.add(pool.submit(nodes::get));
            await(inside);
            for (int i = 0; i < 3; i++) got.add(pool.submit(nodes::get));
            assertFalse(nodes.packed(), "still packing");
            release.countDown();
            float[] first = got.get(0).get();
            for (Future<float[]> f : got) assertSame(first, f.get());
        } finally {
            pool.shutdownNow();
        }
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
