package org.drtstudio.render.gl;

import java.util.HashMap;
import java.util.Map;

import static org.lwjgl.egl.EGL10.eglInitialize;
import static org.lwjgl.egl.EGL10.eglTerminate;

/**
 * Reference counts {@code eglInitialize}/{@code eglTerminate} per display. EGL returns the same
 * display handle to every caller asking for the same native display, and {@code eglTerminate}
 * destroys every context on it, so a second context (another GL thread, a probe) must not pull the
 * display from under the first.
 */
final class EglDisplayRegistry {
    private static final Map<Long, Integer> users = new HashMap<>();

    private EglDisplayRegistry() {
    }

    /** Initialises the display if nobody uses it yet. Returns false, with the EGL error pending, on failure. */
    static synchronized boolean acquire(long display) {
        int count = users.getOrDefault(display, 0);
        if (count == 0 && !eglInitialize(display, (int[]) null, (int[]) null)) {
            return false;
        }
        users.put(display, count + 1);
        return true;
    }

    /** Terminates the display when its last user lets go. */
    static synchronized void release(long display) {
        int count = users.getOrDefault(display, 0);
        if (count <= 1) {
            users.remove(display);
            eglTerminate(display);
        } else {
            users.put(display, count - 1);
        }
    }
}
