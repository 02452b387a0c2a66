package org.drtstudio.render.gl;

import java.util.concurrent.locks.LockSupport;

import static org.lwjgl.opengl.GL32C.GL_ALREADY_SIGNALED;
import static org.lwjgl.opengl.GL32C.GL_CONDITION_SATISFIED;
import static org.lwjgl.opengl.GL32C.GL_SYNC_FLUSH_COMMANDS_BIT;
import static org.lwjgl.opengl.GL32C.GL_SYNC_GPU_COMMANDS_COMPLETE;
import static org.lwjgl.opengl.GL32C.GL_WAIT_FAILED;
import static org.lwjgl.opengl.GL32C.glClientWaitSync;
import static org.lwjgl.opengl.GL32C.glDeleteSync;
import static org.lwjgl.opengl.GL32C.glFenceSync;
import static org.lwjgl.opengl.GL42C.GL_SHADER_IMAGE_ACCESS_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;

/** The few synchronisation calls the tracer makes between its passes. */
final class GlSync {
    private GlSync() {
    }

    /** Polls a fence this often before it parks the thread between polls. */
    private static final int SPINS = 64;
    private static final long PARK_NANOS = 20_000;

    /** Waits for all queued GL work; used between tiles so progress reflects finished work. */
    static void finish() {
        GlThread.requireCurrent("glFinish");
        await(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
    }

    /**
     * Waits until {@code fence} is signalled, then deletes it. The fence is polled (a zero timeout each
     * call) rather than waited for in one blocking call, as glFinish and glGetBufferSubData wait: with
     * two contexts tracing halves of a frame (one H200, bunny_1m, 1080p, 16 spp), the blocking waits
     * left frames at 103-131 or 201-202 ms, the polled ones at 103-124 ms, as if a context blocked in
     * the driver held up the other's commands (docs/BENCHMARKS.md, "Several GPUs").
     */
    static void await(long fence) {
        try {
            int flags = GL_SYNC_FLUSH_COMMANDS_BIT;
            for (int polls = 0; ; polls++) {
                int r = glClientWaitSync(fence, flags, 0);
                if (r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED) return;
                if (r == GL_WAIT_FAILED) throw new IllegalStateException("glClientWaitSync failed");
                flags = 0; // flushed once
                if (polls < SPINS) Thread.onSpinWait();
                else LockSupport.parkNanos(PARK_NANOS);
            }
        } finally {
            glDeleteSync(fence);
        }
    }

    /** Makes image and shader-storage writes of earlier dispatches visible to later ones. */
    static void imageAndStorageBarrier() {
        GlThread.requireCurrent("glMemoryBarrier");
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT);
    }

    /** Makes image stores of earlier dispatches visible to image loads of later ones. */
    static void imageBarrier() {
        GlThread.requireCurrent("glMemoryBarrier");
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    }
}
