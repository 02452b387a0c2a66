package org.drtstudio.cli;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** {@code drt render}'s tracer starts while the scene loads; handed over only as chosen after the load, never left open. */
class EarlyTracerTest {
    @TempDir
    Path dir;

    /** Tracers that count their starts and closes; a start waits for {@code release} (a GL context's start is slow). */
    private static final class Counting implements RendererFactory {
        final AtomicInteger started = new AtomicInteger(), closed = new AtomicInteger(), prepared = new AtomicInteger();
        /** Thrown by the tracers' prepareLargeUploads when set. */
        volatile RuntimeException prepareFailure;
        volatile Error prepareError;
        final List<String> threads = new ArrayList<>();
        final CountDownLatch release;
        final RuntimeException failure;

        Counting(CountDownLatch release, RuntimeException failure) {
            this.release = release;
            this.failure = failure;
        }

        @Override
        public Renderer create(Backend backend, java.util.function.Consumer<String> notices) {
            synchronized (threads) {
                threads.add(Thread.currentThread().getName());
            }
            try {
                assertTrue(release.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            notices.accept("started " + backend);
            if (failure != null) throw failure;
            started.incrementAndGet();
            CpuRenderer cpu = new CpuRenderer(1);
            return (Renderer) java.lang.reflect.Proxy.newProxyInstance(Renderer.class.getClassLoader(), new Class<?>[]{Renderer.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("close")) closed.incrementAndGet();
                        if (method.getName().equals("prepareLargeUploads")) {
                            prepared.incrementAndGet();
                            if (prepareFailure != null) throw prepareFailure;
                            if (prepareError != null) throw prepareError;
                        }
                        try {
                            return method.invoke(cpu, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }

    private static final TracerOptions OPTIONS = TracerOptions.DEFAULT;

    @Test
    void theTracerStartedAsChosenIsHandedOverWithItsNotices() throws Exception {
        Counting factory = new Counting(new CountDownLatch(0), null);
        List<String> said = new ArrayList<>();
        try (EarlyTracer early = EarlyTracer.start(factory, RendererFactory.Backend.AUTO, OPTIONS, 0);
             Renderer r = early.take(RendererFactory.Backend.AUTO, OPTIONS, said::add)) {
            assertNotNull(r);
            assertEquals(List.of("started AUTO"), said);
        }
        assertEquals(List.of("drt-tracer-start"), factory.threads, "started on its own thread");
        assertEquals(1, factory.closed.get(), "closed by its user, once");
    }

    @Test
    void anotherChoiceAfterTheLoadClosesItAndStartsNone() {
        for (TracerOptions other : List.of(OPTIONS.withCpuThreads(3), OPTIONS)) {
            RendererFactory.Backend backend = other == OPTIONS ? RendererFactory.Backend.GPU : RendererFactory.Backend.AUTO;
            Counting factory = new Counting(new CountDownLatch(0), null);
            List<String> said = new ArrayList<>();
            EarlyTracer early = EarlyTracer.start(factory, RendererFactory.Backend.AUTO, OPTIONS, 0);
            assertNull(early.take(backend, other, said::add), "a .cfg's keys chose otherwise");
            assertEquals(1, factory.closed.get(), "the tracer started for nothing is closed");
            assertEquals(List.of(), said, "and its notices not said");
            early.close();
            assertEquals(1, factory.closed.get());
        }
    }

    @Test
    void aFailedStartIsThrownAsItWasThrownWhenItMatters() {
        RendererFactory.UnmetRequest unmet = new RendererFactory.UnmetRequest("--gpus 3: this machine has 1 GPU");
        EarlyTracer early = EarlyTracer.start(new Counting(new CountDownLatch(0), unmet), RendererFactory.Backend.GPU, OPTIONS, 0);
        assertSame(unmet, assertThrows(RendererFactory.UnmetRequest.class, () -> early.take(RendererFactory.Backend.GPU, OPTIONS, s -> { })));
        EarlyTracer other = EarlyTracer.start(new Counting(new CountDownLatch(0), unmet), RendererFactory.Backend.GPU, OPTIONS, 0);
        assertNull(other.take(RendererFactory.Backend.CPU, OPTIONS, s -> { }), "not the tracer chosen: its failure does not matter");
        other.close();
    }

    /** A large scene's tracer readies its upload on the start's thread, once; a small one's does not; a failure there costs nothing. */
    @Test
    void aLargeScenesTracerReadiesItsUploadAsItStarts() {
        for (long bytes : new long[]{0, EarlyTracer.LARGE_SCENE_BYTES - 1, EarlyTracer.LARGE_SCENE_BYTES}) {
            Counting factory = new Counting(new CountDownLatch(0), null);
            try (EarlyTracer early = EarlyTracer.start(factory, RendererFactory.Backend.AUTO, OPTIONS, bytes)) {
                assertNotNull(early.take(RendererFactory.Backend.AUTO, OPTIONS, s -> { }));
                assertEquals(bytes >= EarlyTracer.LARGE_SCENE_BYTES ? 1 : 0, factory.prepared.get(), bytes + " bytes");
            }
        }
        Counting failing = new Counting(new CountDownLatch(0), null);
        failing.prepareFailure = new IllegalStateException("the driver would not map a staging buffer");
        try (EarlyTracer early = EarlyTracer.start(failing, RendererFactory.Backend.AUTO, OPTIONS, EarlyTracer.LARGE_SCENE_BYTES)) {
            assertNotNull(early.take(RendererFactory.Backend.AUTO, OPTIONS, s -> { }), "the tracer is handed over all the same");
            assertEquals(1, failing.prepared.get());
        }
        Counting outOfMemory = new Counting(new CountDownLatch(0), null);
        outOfMemory.prepareError = new OutOfMemoryError("Java heap space");
        try (EarlyTracer early = EarlyTracer.start(outOfMemory, RendererFactory.Backend.AUTO, OPTIONS, EarlyTracer.LARGE_SCENE_BYTES)) {
            assertThrows(OutOfMemoryError.class, () -> early.take(RendererFactory.Backend.AUTO, OPTIONS, s -> { }));
            assertEquals(1, outOfMemory.closed.get(), "a start that failed in its preparation leaves no tracer open");
        }
        assertEquals(1, outOfMemory.closed.get(), "closed once");
    }

    @Test
    void notTakenItIsClosedOnceItsStartEnds() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Counting factory = new Counting(release, null);
        EarlyTracer early = EarlyTracer.start(factory, RendererFactory.Backend.AUTO, OPTIONS, 0);
        CountDownLatch closing = new CountDownLatch(1);
        Thread closer = new Thread(() -> {
            closing.countDown();
            early.close();
        });
        closer.start();
        assertTrue(closing.await(10, TimeUnit.SECONDS));
        closer.join(200);
        assertTrue(closer.isAlive(), "close waits for the start instead of leaving a context half made");
        assertEquals(0, factory.closed.get());
        release.countDown();
        closer.join(10_000);
        assertFalse(closer.isAlive());
        assertEquals(1, factory.closed.get());
        early.close();
        assertEquals(1, factory.closed.get(), "closed once");
    }

    /** Through drt render: one tracer, started beside the load; whatever fails after it started leaves none open. */
    @Test
    void drtRenderStartsOneTracerAndClosesItWhateverHappens() throws Exception {
        Path good = dir.resolve("quad.obj"), bad = dir.resolve("bad.obj"), png = dir.resolve("q.png");
        Files.writeString(good, "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n");
        Files.writeString(bad, "v 0 0 0\nf 1 2 9\n");
        Counting factory = new Counting(new CountDownLatch(0), null);
        assertEquals(0, drt(factory, "render", good.toString(), "--width", "8", "--height", "6", "-o", png.toString()));
        assertEquals(List.of("drt-tracer-start"), factory.threads);
        assertEquals(1, factory.closed.get());
        for (String[] failing : new String[][]{{"render", bad.toString(), "-o", dir.resolve("b.png").toString()},
                {"render", good.toString(), "--width", "8", "--height", "6", "--region", "0,0,9,9", "-o", png.toString()}}) {
            Counting started = new Counting(new CountDownLatch(0), null);
            assertEquals(2, drt(started, failing), String.join(" ", failing));
            assertEquals(List.of("drt-tracer-start"), started.threads, "started beside the load");
            assertEquals(1, started.closed.get(), "and closed after the failure: " + String.join(" ", failing));
        }
        Counting cpu = new Counting(new CountDownLatch(0), null);
        assertEquals(0, drt(cpu, "render", good.toString(), "--backend", "cpu", "--width", "8", "--height", "6", "-o", png.toString()));
        assertEquals(List.of("main"), cpu.threads, "the CPU tracer starts in no time: after the load, as before");
        Counting none = new Counting(new CountDownLatch(0), null);
        assertEquals(2, drt(none, "render", dir.resolve("missing.obj").toString(), "-o", png.toString()));
        assertEquals(2, drt(none, "render", good.toString(), "--view", "bogus", "-o", png.toString()));
        assertEquals(List.of(), none.threads, "no tracer started for a file that is not there or a bad option");
    }

    /** A render that fails says why at once, not once the tracer started for nothing has started and closed. */
    @Test
    void aFailureIsSaidBeforeTheTracerStartedBesideItIsClosed() throws Exception {
        Path bad = dir.resolve("bad.obj");
        Files.writeString(bad, "v 0 0 0\nf 1 2 9\n");
        CountDownLatch release = new CountDownLatch(1);
        Counting factory = new Counting(release, null);
        StringWriter err = new StringWriter();
        int[] code = {-1};
        Thread render = new Thread(() -> {
            CommandLine cl = DrtCommand.create(factory);
            cl.setErr(new PrintWriter(err, true));
            cl.setOut(new PrintWriter(new StringWriter(), true));
            code[0] = cl.execute("render", bad.toString(), "-o", dir.resolve("b.png").toString());
        });
        render.start();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!err.toString().contains("face refers to vertex 9") && System.nanoTime() < deadline) Thread.sleep(5);
        assertTrue(err.toString().contains("bad.obj:2: face refers to vertex 9"), "said while the tracer is still starting: " + err);
        assertTrue(render.isAlive(), "the command waits for the start to close what it made");
        release.countDown();
        render.join(10_000);
        assertEquals(2, code[0]);
        assertEquals(1, factory.closed.get());
    }

    private static int drt(RendererFactory factory, String... args) {
        CommandLine cl = DrtCommand.create(factory);
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }
}
