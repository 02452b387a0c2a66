package org.drtstudio.render.gl;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One GL thread for the tests of a class: started before the first test, closed after the last
 * ({@code @RegisterExtension static final SharedGlThread GL = new SharedGlThread();}). Replaces
 * the start/close block each GL test class used to carry.
 */
final class SharedGlThread implements BeforeAllCallback, AfterAllCallback {
    private GlThread thread;

    @Override
    public void beforeAll(ExtensionContext context) throws GlUnavailableException {
        thread = GlThread.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (thread != null) thread.close();
        thread = null;
    }

    /** The class's GL thread (started). */
    GlThread thread() {
        if (thread == null) throw new IllegalStateException("the GL thread starts before the class's first test");
        return thread;
    }
}
