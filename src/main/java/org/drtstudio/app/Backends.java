package org.drtstudio.app;

import org.drtstudio.cli.RendererFactory;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.GlUnavailableException;

import java.util.function.Consumer;

/** Picks the GPU tracer when a GL 4.3 context can be made, else the CPU reference with a notice. */
final class Backends implements RendererFactory {
    @Override
    public Renderer create(Backend backend, Consumer<String> notices) {
        return create(backend, notices, TracerOptions.DEFAULT);
    }

    @Override
    public Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
        if (backend == Backend.CPU) return cpu(options);
        try {
            return GlRenderer.start(options.pairedPrimary(), options.nodes());
        } catch (GlUnavailableException e) {
            if (backend == Backend.GPU) throw new IllegalStateException("GPU back end unavailable: " + e.getMessage());
            notices.accept("no usable GPU (" + e.getMessage() + "); rendering with the CPU reference tracer");
            return cpu(options);
        }
    }

    private static Renderer cpu(TracerOptions options) {
        return new CpuRenderer(Runtime.getRuntime().availableProcessors(), options.nodes());
    }
}
