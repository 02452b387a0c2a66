package org.drtstudio.render.gl;

/** The driver refused an allocation for want of GPU memory (GL_OUT_OF_MEMORY); the caller may ask for less. */
public final class GpuMemoryException extends Exception {
    public GpuMemoryException(String message) {
        super(message);
    }
}
