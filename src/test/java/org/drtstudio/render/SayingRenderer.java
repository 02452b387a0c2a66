package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;

import java.util.Set;
import java.util.function.Consumer;

/**
 * Tests: a renderer that renders as the one it wraps and says {@code line} with each pass, where it was
 * told to ({@link Renderer#noticesTo}), as the GPU tracer does when its denoiser finds no room on the
 * GPU and filters on the CPU: for the callers' side of that channel, without a GPU.
 */
public final class SayingRenderer extends ForwardingRenderer {
    private final String line;
    private volatile Consumer<String> notices = l -> { };

    public SayingRenderer(Renderer inner, String line) {
        super(inner);
        this.line = line;
    }

    @Override
    public Frame accumulate(GeometryImage image, TraceParameters parameters, int firstSample, int sampleCount, Set<Aov> aovs,
                            ProgressListener progress) throws RenderException {
        Frame f = inner.accumulate(image, parameters, firstSample, sampleCount, aovs, progress);
        notices.accept(line);
        return f;
    }

    @Override
    public void noticesTo(Consumer<String> notices) {
        this.notices = notices;
    }
}
