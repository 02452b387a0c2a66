package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.*;

@Timeout(60)
class GlThreadTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();


    @Test
    void tasksRunOnTheOneGlThreadInOrder() {
        assertFalse(GL.get().isCurrentThread());
        StringBuilder order = new StringBuilder();
        CompletableFuture<Void> first = GL.get().submit(() -> order.append('a')).thenAccept(x -> { });
        String result = GL.get().call(() -> {
            assertTrue(GL.get().isCurrentThread());
            assertTrue(first.isDone(), "tasks run in submission order");
            return order.append('b').toString();
        });
        assertEquals("ab", result);
    }

    @Test
    void callRethrowsTheTasksUncheckedExceptionItself() {
        IllegalArgumentException thrown = new IllegalArgumentException("bad scene");
        IllegalArgumentException caught = assertThrows(IllegalArgumentException.class, () -> GL.get().call(() -> {
            throw thrown;
        }));
        assertSame(thrown, caught);
        assertEquals(42, GL.get().call(() -> 42), "the thread survives a failed task");
    }

    @Test
    void callWrapsACheckedExceptionAndSubmitReportsIt() {
        CompletionException wrapped = assertThrows(CompletionException.class, () -> GL.get().call(() -> {
            throw new IOException("disk");
        }));
        assertInstanceOf(IOException.class, wrapped.getCause());
        ExecutionException viaFuture = assertThrows(ExecutionException.class, () -> GL.get().submit(() -> {
            throw new IOException("disk");
        }).get());
        assertInstanceOf(IOException.class, viaFuture.getCause());
    }

    @Test
    void callOnTheGlThreadRunsInPlaceInsteadOfDeadlocking() {
        assertEquals("inner", GL.get().call(() -> GL.get().call(() -> "inner")));
    }

    @Test
    void glObjectsRefuseToBeMadeOrUsedOffTheGlThread() {
        IllegalStateException made = assertThrows(IllegalStateException.class,
                () -> Texture2D.create(TextureFormat.RGBA8, 4, 4));
        assertTrue(made.getMessage().contains("GL thread"), made.getMessage());

        Texture2D texture = GL.get().call(() -> Texture2D.create(TextureFormat.RGBA8, 4, 4));
        IllegalStateException used = assertThrows(IllegalStateException.class, () -> texture.bindSampler(0));
        assertTrue(used.getMessage().contains("outside its GL thread"), used.getMessage());
        texture.close();
    }

    @Test
    void closeOffTheGlThreadQueuesTheDeletion() {
        int before = GL.get().call(() -> GL.get().openObjectCount());
        Texture2D texture = GL.get().call(() -> Texture2D.create(TextureFormat.R32F, 8, 8));
        assertEquals(before + 1, GL.get().call(() -> GL.get().openObjectCount()));
        texture.close(); // from the test thread
        assertEquals(before, GL.get().call(() -> GL.get().openObjectCount()));
        IllegalStateException afterClose = assertThrows(IllegalStateException.class,
                () -> GL.get().run(() -> texture.bindSampler(0)));
        assertTrue(afterClose.getMessage().contains("after close"), afterClose.getMessage());
    }

    @Test
    void closeFreesObjectsLeftOpenAndRefusesLaterTasks() throws Exception {
        GlThread own = GlThread.start();
        own.run(() -> {
            Texture2D.create(TextureFormat.RGBA32F, 16, 16);
            PixelPackBuffer.create(1024);
        });
        assertEquals(2, own.call(own::openObjectCount));
        own.close();
        assertEquals(0, own.openObjectCount());
        own.close(); // twice is harmless
        assertThrows(IllegalStateException.class, () -> own.call(() -> 1));
        ExecutionException late = assertThrows(ExecutionException.class, () -> own.submit(() -> 1).get());
        assertInstanceOf(IllegalStateException.class, late.getCause());
    }

    /**
     * drt render starts its tracer on a thread of its own while the scene loads, and the GPU hierarchy builder may
     * start meanwhile: contexts started (one with the builder's programs compiled) and closed on several threads at
     * once each work (one display, counted).
     */
    @Test
    void contextsStartedOnSeveralThreadsAtOnceEachWork() throws Exception {
        int threads = 3;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 3; round++) {
                java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(threads);
                java.util.List<java.util.concurrent.Future<Integer>> starts = new java.util.ArrayList<>();
                for (int k = 0; k < threads; k++) {
                    boolean builder = k == 0;
                    starts.add(pool.submit(() -> {
                        try {
                            together.await(20, java.util.concurrent.TimeUnit.SECONDS);
                            if (builder) {
                                try (GlLinearBvhBuilder b = GlLinearBvhBuilder.start(false)) {
                                    together.await(20, java.util.concurrent.TimeUnit.SECONDS);
                                    return b.build(new float[]{0, 0, 0, 1, 0, 0, 0, 1, 0}, new int[]{0, 1, 2}).innerCount() >= 1 ? 4 : -1;
                                }
                            }
                            try (GlThread own = GlThread.start()) {
                                together.await(20, java.util.concurrent.TimeUnit.SECONDS);
                                return own.call(() -> {
                                    try (Texture2D t = Texture2D.create(TextureFormat.R32F, 4, 4)) {
                                        return t.width();
                                    }
                                });
                            }
                        } catch (Throwable e) {
                            together.reset(); // the others stop waiting; this failure is the one reported
                            throw e;
                        }
                    }));
                }
                Throwable first = null;
                for (java.util.concurrent.Future<Integer> start : starts) {
                    try {
                        assertEquals(4, start.get(30, java.util.concurrent.TimeUnit.SECONDS));
                    } catch (ExecutionException e) {
                        if (first == null || first instanceof java.util.concurrent.BrokenBarrierException) first = e.getCause();
                    }
                }
                if (first != null) fail("a start on one of three threads at once failed", first);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(4, GL.get().call(() -> {
            try (Texture2D t = Texture2D.create(TextureFormat.R32F, 4, 4)) {
                return t.width();
            }
        }), "the shared context still works after the others closed");
    }
}
