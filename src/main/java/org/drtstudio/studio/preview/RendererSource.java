package org.drtstudio.studio.preview;

import org.drtstudio.render.Renderer;

import java.util.function.Consumer;

/**
 * Makes renderers for the studio (the preview's, and one per export): the GPU tracer when a GL
 * context can be made, else the CPU reference, telling {@code notices} why. Supplied by the
 * composition root, so the studio does not depend on the GL package.
 */
@FunctionalInterface
public interface RendererSource {
    Renderer create(Consumer<String> notices);
}
