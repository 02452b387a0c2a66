package org.drtstudio.render.gl;

import java.util.concurrent.atomic.AtomicInteger;

import static org.lwjgl.egl.EGL12.eglReleaseThread;

/** The GPUs a render can be split across: the hardware devices of EGL's device platform. */
public final class GlDevices {
    private GlDevices() {
    }

    /**
     * How many hardware GPUs EGL lists (NVIDIA's devices, DRM render nodes that can be opened); 0 on a
     * machine with only a software GL, or without EGL at all.
     *
     * <p>Asked on a thread of its own that releases its EGL state when done: NVIDIA's driver crashed
     * the process at exit (SIGSEGV in libEGL_nvidia, exit code 134, after the render had finished) when
     * the thread that listed the devices, here the main thread, still held EGL state
     * (docs/BENCHMARKS.md, "Several GPUs").
     */
    public static int hardwareCount() {
        AtomicInteger count = new AtomicInteger();
        Thread asker = new Thread(() -> {
            try {
                EglLibrary.load();
                count.set(EglDisplayCandidates.hardwareCount(EglLibrary.clientExtensions()));
            } catch (GlUnavailableException | RuntimeException | LinkageError e) {
                count.set(0);
                return;
            }
            try {
                eglReleaseThread();
            } catch (RuntimeException | LinkageError ignored) {
                // nothing held, nothing to release
            }
        }, "drt-gl-devices");
        asker.start();
        try {
            asker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return count.get();
    }
}
