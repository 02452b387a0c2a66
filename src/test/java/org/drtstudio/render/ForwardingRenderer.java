package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;

import java.util.Set;
import java.util.function.Consumer;

/** Tests: a renderer that hands everything to the one it wraps; a test's renderer overrides what it changes. */
public abstract class ForwardingRenderer implements Renderer {
    protected final Renderer inner;

    protected ForwardingRenderer(Renderer inner) {
        this.inner = inner;
    }

    @Override
    public String description() {
        return inner.description();
    }

    @Override
    public Frame accumulate(GeometryImage image, TraceParameters parameters, int firstSample, int sampleCount, Set<Aov> aovs,
                            ProgressListener progress) throws RenderException {
        return inner.accumulate(image, parameters, firstSample, sampleCount, aovs, progress);
    }

    @Override
    public int converge(AdaptiveSampling adaptive) throws RenderException {
        return inner.converge(adaptive);
    }

    @Override
    public Denoiser denoiser() {
        return inner.denoiser();
    }

    @Override
    public void noticesTo(Consumer<String> notices) {
        inner.noticesTo(notices);
    }

    @Override
    public void close() {
        inner.close();
    }
}
