package org.drtstudio.app;

import org.drtstudio.cli.RendererFactory;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.GlUnavailableException;

import java.util.function.Consumer;

/** Picks the GPU tracer when a GL 4.3 context can be made, else the CPU reference with a notice. */
final class Backends implements RendererFactory {
    @Override
    public Renderer create(Backend backend, Consumer<String> notices) {
        return create(backend, notices, null);
    }

    @Override
    public Renderer create(Backend backend, Consumer<String> notices, Boolean pairedPrimary) {
        if (backend == Backend.CPU) return new CpuRenderer();
        try {
            return GlRenderer.start(pairedPrimary != null ? pairedPrimary : GlRenderer.DEFAULT_PAIRED_PRIMARY);
        } catch (GlUnavailableException e) {
            if (backend == Backend.GPU) throw new IllegalStateException("GPU back end unavailable: " + e.getMessage());
            notices.accept("no usable GPU (" + e.getMessage() + "); rendering with the CPU reference tracer");
            return new CpuRenderer();
        }
    }
}
