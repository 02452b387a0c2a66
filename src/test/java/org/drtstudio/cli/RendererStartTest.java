package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Denoiser;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The renderer `drt render` opens while the scene loads: its notices come out where they came out
 * when it opened after the load (after the load's lines, before the scene's summary), a failure to
 * open is told as before, and a renderer the render never takes (the scene did not load) is closed.
 */
@Timeout(60)
class RendererStartTest {
    @TempDir
    Path dir;

    private final List<String> events = new CopyOnWriteArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);

    /** A CPU tracer that says where it renders and records its opening and closing. */
    private final class Recording implements RendererFactory {
        @Override
        public Renderer create(Backend backend, Consumer<String> notices) {
            return create(backend, notices, TracerOptions.DEFAULT);
        }

        @Override
        public Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
            if (backend == Backend.GPU) throw new UnmetRequest("--backend gpu: no GPU in this test");
            events.add("opened " + Thread.currentThread().getName());
            notices.accept("note: rendering on the test's CPU tracer");
            return new Recorded(new CpuRenderer(options.cpuThreads(1), options.nodes(), options.accel()));
        }
    }

    /** A renderer whose closing is recorded. */
    private final class Recorded implements Renderer {
        private final Renderer inner;

        Recorded(Renderer inner) {
            this.inner = inner;
        }

        @Override
        public String description() {
            return inner.description();
        }

        @Override
        public Frame accumulate(GeometryImage image, TraceParameters p, int firstSample, int sampleCount, Set<Aov> aovs,
                                ProgressListener progress) throws RenderException {
            return inner.accumulate(image, p, firstSample, sampleCount, aovs, progress);
        }

        @Override
        public int converge(AdaptiveSampling adaptive) throws RenderException {
            return inner.converge(adaptive);
        }

        @Override
        public Denoiser denoiser() {
            return inner.denoiser();
        }

        @Override
        public void close() {
            events.add("closed");
            closed.countDown();
            inner.close();
        }
    }

    private int drt(StringWriter err, String... args) {
        CommandLine cl = DrtCommand.create(new Recording());
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    @Test
    void theRendererOpensBesideTheLoadAndItsNoticeKeepsItsPlace() {
        StringWriter err = new StringWriter();
        assertEquals(0, drt(err, "render", "scenes/default.nff", "--width", "16", "--height", "12", "-o", dir.resolve("a.png").toString()));
        String[] lines = err.toString().split("\n");
        assertEquals("drt: note: rendering on the test's CPU tracer", lines[0], err.toString());
        assertTrue(lines[1].startsWith("drt: default.nff, 200 triangles"), err.toString());
        assertEquals("opened drt-renderer-start", events.get(0));
        assertEquals("closed", events.get(events.size() - 1));
    }

    @Test
    void aSceneThatDoesNotLoadClosesTheRendererOpenedForIt() throws Exception {
        StringWriter err = new StringWriter();
        assertEquals(2, drt(err, "render", dir.resolve("missing.obj").toString(), "-o", dir.resolve("b.png").toString()));
        assertTrue(err.toString().startsWith("drt: ") && err.toString().contains("missing.obj"), err.toString());
        assertTrue(!err.toString().contains("test's CPU tracer"), "no notice of a renderer that never rendered: " + err);
        assertTrue(closed.await(20, TimeUnit.SECONDS), "the renderer was closed: " + events);
    }

    @Test
    void aRendererThatCannotOpenIsToldAsBeforeAfterTheLoad() {
        StringWriter err = new StringWriter();
        assertEquals(2, drt(err, "render", "scenes/default.nff", "--backend", "gpu", "-o", dir.resolve("c.png").toString()));
        assertEquals("drt: --backend gpu: no GPU in this test\n", err.toString());
    }

    @Test
    void takingWaitsForTheRendererAndPrintsItsNotices() {
        Renderer made = new CpuRenderer(1, TracerOptions.DEFAULT.nodes(), TracerOptions.DEFAULT.accel());
        StringWriter err = new StringWriter();
        try (RendererStart start = new RendererStart(notices -> {
            notices.accept("first");
            notices.accept("second");
            return made;
        })) {
            assertSame(made, start.take(new PrintWriter(err, true)));
        }
        assertEquals("drt: first\ndrt: second\n", err.toString());
        RendererStart failing = new RendererStart(notices -> {
            throw new IllegalStateException("no such device");
        });
        assertEquals("no such device", assertThrows(IllegalStateException.class, () -> failing.take(new PrintWriter(new StringWriter()))).getMessage());
        made.close();
    }
}
