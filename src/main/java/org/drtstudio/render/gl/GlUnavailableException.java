package org.drtstudio.render.gl;

/**
 * No usable OpenGL 4.3+ context could be created. The message is one line, meant for the user: it
 * names every way that was tried and why each failed, for example
 * {@code no OpenGL 4.3 context: libEGL: not found (...); EGL default display: eglInitialize failed (EGL_NOT_INITIALIZED)}.
 * Callers fall back to the CPU tracer and show this message as the notice.
 */
public class GlUnavailableException extends Exception {
    public GlUnavailableException(String message) {
        super(message);
    }

    public GlUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
