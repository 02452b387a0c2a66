package org.drtstudio.render.gl;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One GL tracer for the tests of a class: started before the first test, closed after the last
 * ({@code @RegisterExtension static final SharedGlRenderer GL = new SharedGlRenderer();}). Replaces
 * the start/close block each GL tracer test class used to carry, as {@link SharedGlThread} does for
 * the GL thread.
 */
final class SharedGlRenderer implements BeforeAllCallback, AfterAllCallback {
    private GlRenderer renderer;

    @Override
    public void beforeAll(ExtensionContext context) throws GlUnavailableException {
        renderer = GlRenderer.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (renderer != null) renderer.close();
        renderer = null;
    }

    /** The class's GL tracer (started). */
    GlRenderer renderer() {
        if (renderer == null) throw new IllegalStateException("the GL tracer starts before the class's first test");
        return renderer;
    }
}
