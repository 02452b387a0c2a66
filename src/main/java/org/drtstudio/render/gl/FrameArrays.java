package org.drtstudio.render.gl;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A pass's frame-sized picture array, made on a thread of its own while the GPU traces, so that the
 * GL thread finds it ready when the picture comes back.
 *
 * <p>Why: a new array is zeroed by the thread that makes it, and where the JVM's heap has not used
 * the memory before, that zeroing is the first touch of every page. On the H200 machine (bunny_1m,
 * 1080p, 16 spp) making the 8 MB picture array took 5.8-6.9 ms on the GL thread, between the trace
 * and the read-back; the read-back itself took 0.5 ms, and with the heap touched in advance
 * ({@code -XX:+AlwaysPreTouch}) the array took 1.0 ms. Made beside the trace it costs the frame nothing.
 */
final class FrameArrays {
    private static final ExecutorService MAKER = Executors.newCachedThreadPool(task -> {
        Thread t = new Thread(task, "drt-frame-arrays");
        t.setDaemon(true);
        return t;
    });

    private FrameArrays() {
    }

    /** An RGBA8 picture's bytes (4 a pixel) for a {@code width} × {@code height} frame, being made. */
    static CompletableFuture<byte[]> rgba8(int width, int height) {
        int bytes = Math.multiplyExact(4, Math.multiplyExact(width, height));
        return CompletableFuture.supplyAsync(() -> new byte[bytes], MAKER);
    }
}
