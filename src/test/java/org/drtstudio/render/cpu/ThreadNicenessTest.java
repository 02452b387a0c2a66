package org.drtstudio.render.cpu;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
