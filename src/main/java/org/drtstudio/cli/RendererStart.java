package org.drtstudio.cli;

import org.drtstudio.render.Renderer;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * A renderer opened on a thread of its own while the scene is read and its hierarchy built, so the
 * tracer's start (an OpenGL context and its first programs: 0.12-0.17 s on an H200, 0.8 s on
 * llvmpipe) overlaps the load instead of following it. The notices it makes while opening are kept
 * and printed when it is taken, after what the load printed, so the lines keep the order they had;
 * one not taken (the load failed) is closed once it is open.
 */
final class RendererStart implements AutoCloseable {
    /** Opens the renderer, telling the user what it chose through {@code notices}. */
    interface Opener {
        Renderer open(Consumer<String> notices);
    }

    private final List<String> notices = new ArrayList<>();
    private final CompletableFuture<Renderer> opened = new CompletableFuture<>();
    private boolean taken;

    RendererStart(Opener opener) {
        Thread thread = new Thread(() -> {
            try {
                opened.complete(opener.open(notice -> {
                    synchronized (notices) {
                        notices.add(notice);
                    }
                }));
            } catch (Throwable e) {
                opened.completeExceptionally(e);
            }
        }, "drt-renderer-start");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Waits for the renderer and prints its notices; the caller owns it from here.
     *
     * @throws RuntimeException or Error as opening it threw
     */
    Renderer take(PrintWriter err) {
        Renderer renderer;
        try {
            renderer = opened.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the renderer started", e);
        } catch (ExecutionException e) {
            printNotices(err);
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw new IllegalStateException(e.getCause());
        }
        printNotices(err);
        taken = true;
        return renderer;
    }

    private void printNotices(PrintWriter err) {
        synchronized (notices) {
            for (String notice : notices) err.println("drt: " + notice);
            notices.clear();
        }
    }

    /** Closes the renderer once it is open, unless it was taken. */
    @Override
    public void close() {
        if (taken) return;
        opened.whenComplete((renderer, failure) -> {
            if (renderer != null) renderer.close();
        });
    }
}
