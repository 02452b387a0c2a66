package org.drtstudio.render.multigpu;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.*;
import org.drtstudio.render.PixelWindow;

class TileQueueTest {
    @Test
    void tilesCoverTheWindowOnceCutAtItsEdges() {
        PixelWindow window = new PixelWindow(3, 2, 37, 20);
        TileQueue q = TileQueue.of(window, 16);
        assertEquals(3 * 2, q.size());
        int[] cover = new int[50 * 30];
        for (PixelWindow t : q.all()) {
            assertTrue(t.width() <= 16 && t.height() <= 16, t.toString());
            for (int y = t.y(); y < t.y() + t.height(); y++) for (int x = t.x(); x < t.x() + t.width(); x++) cover[y * 50 + x]++;
        }
        for (int y = 0; y < 30; y++) {
            for (int x = 0; x < 50; x++) {
                boolean inside = x >= 3 && x < 40 && y >= 2 && y < 22;
                assertEquals(inside ? 1 : 0, cover[y * 50 + x], "pixel " + x + "," + y);
            }
        }
        assertEquals(new PixelWindow(35, 18, 5, 4), q.all().get(5), "the last tile is cut to the window");
    }

    @Test
    void threadsTakingAtOnceGetEveryTileExactlyOnce() throws Exception {
        TileQueue q = TileQueue.of(PixelWindow.whole(400, 300), 8);
        List<PixelWindow> taken = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (PixelWindow w = q.take(); w != null; w = q.take()) taken.add(w);
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) t.join();
        assertEquals(q.size(), taken.size());
        assertEquals(q.size(), taken.stream().distinct().count(), "no tile handed out twice");
        assertNull(q.take());
    }

    @Test
    void anAbandonedQueueHandsOutNoMore() {
        TileQueue q = TileQueue.of(PixelWindow.whole(64, 64), 16);
        assertNotNull(q.take());
        q.abandon();
        assertNull(q.take());
        assertNull(TileQueue.empty().take());
        assertThrows(IllegalArgumentException.class, () -> TileQueue.of(PixelWindow.whole(4, 4), 0));
    }
}
