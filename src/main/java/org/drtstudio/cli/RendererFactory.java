package org.drtstudio.cli;

import org.drtstudio.render.Renderer;

import java.util.function.Consumer;

/**
 * Makes the renderer for a back-end choice; supplied by the composition root so the CLI does not
 * depend on the GL package directly.
 */
public interface RendererFactory {
    enum Backend { AUTO, GPU, CPU }

    /**
     * @param notices receives user-facing notices, e.g. that the GPU was unavailable and the CPU
     *                tracer renders instead
     * @throws IllegalStateException with a user-facing message when {@code GPU} was demanded but is unavailable
     */
    Renderer create(Backend backend, Consumer<String> notices);

    /**
     * As {@link #create(Backend, Consumer)}, with the GPU tracer's camera rays traced in pairs or one
     * by one ({@code null}: the tracer's default). Only the speed differs; the CPU tracer ignores it.
     */
    default Renderer create(Backend backend, Consumer<String> notices, Boolean pairedPrimary) {
        return create(backend, notices);
    }
}
