package org.drtstudio.cli;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * {@code drt render}'s tracer, started on a thread of its own while the scene loads and its
 * geometry image is built, instead of after. A GPU tracer's start opens the process's first GL
 * context (native libraries loaded, the driver initialised, programs compiled), which on the H200
 * machine took about half a second; on a machine without a GPU, {@code --backend auto} opens a
 * software context to find that out. The load decides nothing it depends on, except for a
 * {@code .cfg} scene, whose ARCH and CUDA_DEVICE keys choose the back end: {@link #take} hands the
 * tracer over only if it was started with the back end and options finally chosen, and closes it
 * otherwise.
 */
final class EarlyTracer implements AutoCloseable {
    private final RendererFactory.Backend backend;
    private final TracerOptions options;
    private final List<String> notices = new ArrayList<>();
    private final CompletableFuture<Renderer> starting = new CompletableFuture<>();
    private boolean taken;

    /**
     * Scene files from this size on have their tracer ready their upload too ({@link Renderer#prepareLargeUploads}):
     * their arrays are of the staged size (4 MB and up), and reading and building them takes longer than the
     * preparation (about 0.1 s on the H200 machine); for a smaller file it would keep its first frame waiting.
     */
    static final long LARGE_SCENE_BYTES = 16L << 20;

    private EarlyTracer(RendererFactory.Backend backend, TracerOptions options) {
        this.backend = backend;
        this.options = options;
    }

    /**
     * Starts {@code backend}'s tracer with {@code options} on a thread of its own; for a scene file of
     * {@code sceneBytes} from {@link #LARGE_SCENE_BYTES} on, it readies its upload as well.
     */
    static EarlyTracer start(RendererFactory factory, RendererFactory.Backend backend, TracerOptions options, long sceneBytes) {
        EarlyTracer early = new EarlyTracer(backend, options);
        Thread t = new Thread(() -> {
            try {
                Renderer r = factory.createForPictures(backend, early::notice, options);
                if (r != null && sceneBytes >= LARGE_SCENE_BYTES) prepareQuietly(r);
                early.starting.complete(r);
            } catch (Throwable e) {
                early.starting.completeExceptionally(e);
            }
        }, "drt-tracer-start");
        t.setDaemon(true);
        t.start();
        return early;
    }

    /**
     * Readies the upload; a failure here is left for the upload itself to meet and say. An error (out of
     * memory) ends the start as failed, and the tracer is closed first: nobody else could close it.
     */
    private static void prepareQuietly(Renderer r) {
        try {
            r.prepareLargeUploads();
        } catch (RuntimeException e) {
            // the upload makes its own staging buffer and says what fails then
        } catch (Error e) {
            closeQuietly(r);
            throw e;
        }
    }

    private synchronized void notice(String line) {
        notices.add(line);
    }

    /** Waits for the start to end, however it ends: before another GL context is started. */
    void awaitStart() {
        try {
            starting.join();
        } catch (CompletionException e) {
            // take() says it, where it matters
        }
    }

    /**
     * The tracer, once its start has ended, where it was started with {@code backend} and {@code options}: its
     * notices are then passed to {@code out} and a failure to start is thrown as it was thrown (the caller says
     * it as it would have); null otherwise, the tracer closed (the caller starts the one it needs).
     */
    Renderer take(RendererFactory.Backend backend, TracerOptions options, Consumer<String> out) {
        taken = true;
        awaitStart();
        boolean chosen = backend == this.backend && options.equals(this.options);
        boolean failed = starting.isCompletedExceptionally();
        Renderer r = failed ? null : starting.join();
        if (!chosen || (!failed && r == null)) {
            closeQuietly(r);
            return null;
        }
        synchronized (this) {
            notices.forEach(out);
        }
        if (r != null) return r;
        // completeExceptionally keeps the start's own exception, unwrapped
        Throwable failure = starting.handle((ok, e) -> e).join();
        if (failure instanceof RuntimeException re) throw re;
        if (failure instanceof Error error) throw error;
        throw new IllegalStateException(failure);
    }

    /** Closes a tracer not taken (the load failed), once its start has ended: a context is not left half made at exit. */
    @Override
    public void close() {
        if (taken) return;
        taken = true;
        awaitStart();
        if (starting.isCompletedExceptionally()) return; // it never started: nothing to close
        closeQuietly(starting.join());
    }

    /** Closes a tracer never used; a failure to close it is nothing the user can act on. */
    private static void closeQuietly(Renderer r) {
        if (r == null) return;
        try {
            r.close();
        } catch (RuntimeException | LinkageError e) {
            // on the way out, or about to start the tracer chosen instead
        }
    }
}
