package org.drtstudio.studio.preview;

/**
 * Keeps the preview's denoising to at most about half of its time. On the CPU tracer a young view's
 * passes are short (a 33 ms budget, one sample per pixel at full resolution) while denoising a whole
 * viewport takes longer (about 1.4 s for 960×720 on two cores, docs/RESULTS.md): denoising every pass
 * spent most of the preview's time filtering pictures that were replaced a moment later. After a
 * denoise that took D, the passes that follow are traced but not denoised until they have taken D
 * of rendering themselves; those passes are not shown (the screen keeps the last denoised picture,
 * rather than flickering between noisy and denoised ones). A new view denoises its first eligible pass.
 * Render-thread use only.
 */
final class DenoisePacer {
    private long lastDenoiseNanos;
    private long renderedSinceNanos;

    /** A new view: its first eligible pass is denoised at once. */
    void reset() {
        lastDenoiseNanos = 0;
        renderedSinceNanos = 0;
    }

    /** Whether to denoise the pass just rendered (which took {@code passNanos}) or to skip showing it. */
    boolean due(long passNanos) {
        renderedSinceNanos += passNanos;
        return renderedSinceNanos >= lastDenoiseNanos;
    }

    /** The pass was denoised, which took {@code nanos}. */
    void denoised(long nanos) {
        lastDenoiseNanos = nanos;
        renderedSinceNanos = 0;
    }
}
