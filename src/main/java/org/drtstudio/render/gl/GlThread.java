package org.drtstudio.render.gl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The one thread that makes OpenGL calls. It creates an {@link EglContext} when started, runs
 * submitted tasks one after another with that context current, and on {@link #close()} frees every
 * GL object still open, destroys the context and ends.
 *
 * <p>GL objects ({@link Texture2D}, {@link ComputeProgram}, ...) must be created and used inside
 * tasks; they belong to this thread and check it. Tasks run in submission order.
 *
 * <pre>{@code
 * try (GlThread gl = GlThread.start()) {
 *     float[] pixels = gl.call(() -> { ... GL work ...; return result; });
 * }
 * }</pre>
 */
public final class GlThread implements AutoCloseable {
    private static final ThreadLocal<GlThread> current = new ThreadLocal<>();
    private static final Runnable SHUTDOWN = () -> { };

    private final Thread thread;
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final CompletableFuture<GlInfo> started = new CompletableFuture<>();
    /** GL objects not yet closed; touched on the GL thread only. */
    private final Set<GlObject> openObjects = new LinkedHashSet<>();
    private final Object lifecycle = new Object();
    private boolean closing;
    private GlInfo info;

    /** The GPU to open (see {@link EglContext#create(int)}); negative: the usual candidates. */
    private final int device;

    private GlThread(String name, int device) {
        this.device = device;
        thread = new Thread(this::runLoop, name);
        // a forgotten close() must not keep the JVM alive; the driver frees the context at exit
        thread.setDaemon(true);
    }

    /**
     * Starts the GL thread and waits until its context exists.
     *
     * @throws GlUnavailableException when no OpenGL 4.3+ context can be created (the thread has ended)
     */
    public static GlThread start() throws GlUnavailableException {
        return start(-1);
    }

    /** As {@link #start()} with a context on GPU {@code device} ({@link EglContext#create(int)}). */
    public static GlThread start(int device) throws GlUnavailableException {
        GlThread gl = new GlThread(device < 0 ? "drt-gl" : "drt-gl-" + device, device);
        gl.thread.start();
        try {
            gl.info = gl.started.join();
            return gl;
        } catch (CompletionException e) {
            if (e.getCause() instanceof GlUnavailableException unavailable) {
                throw unavailable;
            }
            throw new GlUnavailableException("no OpenGL: the GL thread failed to start ("
                    + EglLibrary.oneLine(e.getCause()) + ")", e.getCause());
        }
    }

    /** The context this thread owns. */
    public GlInfo info() {
        return info;
    }

    /** True when called from this GL thread (inside a task). */
    public boolean isCurrentThread() {
        return Thread.currentThread() == thread;
    }

    /**
     * Queues a task to run on the GL thread. The future completes with its result or its
     * exception; after {@link #close()} it fails at once with {@link IllegalStateException}.
     */
    public <T> CompletableFuture<T> submit(Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Runnable run = () -> {
            try {
                result.complete(task.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        };
        synchronized (lifecycle) {
            if (closing) {
                result.completeExceptionally(new IllegalStateException("the GL thread is closed"));
            } else {
                tasks.add(run);
            }
        }
        return result;
    }

    /**
     * Runs a task on the GL thread and waits for its result. Called on the GL thread itself, it
     * runs the task in place (queueing it would wait for itself forever).
     *
     * @throws RuntimeException the task's own unchecked exception or error, as thrown on the GL
     *                          thread; a checked exception arrives wrapped in a {@link CompletionException}
     */
    public <T> T call(Callable<T> task) {
        if (isCurrentThread()) {
            try {
                return task.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }
        try {
            return submit(task).join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** {@link #call(Callable)} for a task without a result. */
    public void run(Runnable task) {
        call(() -> {
            task.run();
            return null;
        });
    }

    /**
     * Frees every GL object still open (newest first), destroys the context and ends the thread,
     * after the tasks already queued have run. Waits for all that unless called from the GL thread.
     */
    @Override
    public void close() {
        synchronized (lifecycle) {
            if (!closing) {
                closing = true;
                tasks.add(SHUTDOWN);
            }
        }
        if (!isCurrentThread()) {
            boolean interrupted = false;
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The GL thread the caller runs on, or an exception naming the operation that needs one. */
    static GlThread requireCurrent(String operation) {
        GlThread gl = current.get();
        if (gl == null) {
            throw new IllegalStateException(operation + " must run on the GL thread (inside GlThread.submit or call)");
        }
        return gl;
    }

    void track(GlObject object) {
        openObjects.add(object);
    }

    void untrack(GlObject object) {
        openObjects.remove(object);
    }

    /** GL objects not yet freed; for tests (on the GL thread, or after close). */
    int openObjectCount() {
        return openObjects.size();
    }

    /** Queues a cleanup unless the thread is closing, in which case close() frees everything. */
    void submitCleanup(Runnable cleanup) {
        synchronized (lifecycle) {
            if (!closing) {
                tasks.add(cleanup);
            }
        }
    }

    private void runLoop() {
        EglContext context;
        try {
            context = EglContext.create(device);
        } catch (Throwable t) {
            started.completeExceptionally(t);
            return;
        }
        current.set(this);
        started.complete(context.info());
        try {
            for (Runnable task = take(); task != SHUTDOWN; task = take()) {
                task.run();
            }
        } finally {
            freeOpenObjects();
            context.close();
            current.remove();
        }
    }

    private Runnable take() {
        while (true) {
            try {
                return tasks.take();
            } catch (InterruptedException e) {
                // only close() ends this thread, so that the context is always destroyed here
            }
        }
    }

    private void freeOpenObjects() {
        List<GlObject> newestFirst = new ArrayList<>(openObjects);
        Collections.reverse(newestFirst);
        for (GlObject object : newestFirst) {
            object.free();
        }
    }
}
