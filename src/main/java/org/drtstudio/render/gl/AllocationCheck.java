package org.drtstudio.render.gl;

import static org.lwjgl.opengl.GL11C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11C.GL_OUT_OF_MEMORY;
import static org.lwjgl.opengl.GL11C.glGetError;

/**
 * Whether the driver refused one allocation for want of GPU memory: GL reports it only through the
 * error flag, which earlier calls may have set, so the flag is cleared before the allocation and read
 * after it. On the GL thread.
 */
final class AllocationCheck {
    private AllocationCheck() {
    }

    /** Clears the errors of earlier calls, so {@link #refused} sees the next allocation's alone. */
    static void begin() {
        while (glGetError() != GL_NO_ERROR) {
            // drained: GL keeps one flag per error kind
        }
    }

    /** Whether the allocation since {@link #begin} ran out of GPU memory. */
    static boolean refused() {
        return glGetError() == GL_OUT_OF_MEMORY;
    }

    /** The message of a refused allocation of {@code bytes}. */
    static GpuMemoryException noRoom(long bytes) {
        return new GpuMemoryException("the GPU has no room for " + bytes / (1 << 20) + " MB more");
    }
}
