package org.drtstudio.render;

/** Extra images a render can produce beside the colour image. */
public enum Aov {
    /**
     * Distance from the ray's origin to the first hit, averaged over the pixel's camera rays that hit
     * (all its samples, and on an edge of the guides more up to {@link GuideEdges#samples}: {@link GuideSums};
     * {@link DenoiseInput#guideSamples} of every pixel when the render's first pass did not ask for
     * it; the pixel-centre ray with one sample per pixel); +Inf when none hit.
     */
    DEPTH,
    /**
     * Normalised mean of the unit shading normals, each turned toward its ray, of the surfaces that
     * end the camera rays' guide chains (the first hit, or through a perfect mirror or glass what
     * it shows: {@link GuideSums#CHAIN_WEIGHT}); 0 when none hit.
     */
    NORMAL,
    /**
     * Mean diffuse colour (times the diffuse texture) of the same surfaces, times the chain's
     * throughput (a mirror's pixel shows the floor's colour times its reflectivity), a miss counting as 0.
     */
    ALBEDO,
    /** The linear, un-tone-mapped mean radiance per pixel (RGB floats). */
    RADIANCE,
    /**
     * Per-pixel variance of the mean luminance (0.2126 R + 0.7152 G + 0.0722 B) over the samples so
     * far: the sample variance over n; with one sample, the squared luminance (an upper guess). The
     * denoiser's guide to how much a pixel may be smoothed.
     */
    VARIANCE,
    /**
     * Samples each pixel took (1 float per pixel): all the same without adaptive sampling; with it,
     * fewer where the pixel converged early ({@link AdaptiveSampling}).
     */
    SAMPLES,
    /**
     * The light the guide chains' surfaces' diffuse colours reflect (RGB floats; see {@link #ALBEDO}):
     * the ambient term and the lights' diffuse terms there, times the chain's throughput, averaged
     * over the pixel's samples; the rest of the radiance is
     * highlights, reflections, refractions and background. Summed by the trace passes when the
     * render's first pass asks for it or for a guide; the denoiser filters it apart ({@link DiffuseSplit}).
     */
    DIFFUSE,
    /**
     * The radiance filtered by the renderer's {@link Renderer#denoiser()} (RGB floats,
     * {@link Frame#denoised()}), from the denoiser's inputs ({@link DenoiseInput#NEEDED} and the split),
     * which the render traces whether asked for or not and hands back only where asked for. A GL
     * tracer that resolves the frame's arrays on the GPU filters them there, so they do not come back
     * to the host and go up again (a 1080p frame's are about 150 MB each way); pictures too wide for
     * that and several GPUs filter the arrays read back. Tracers that trace only a window of a frame
     * refuse it: the filter looks across the window's edges.
     */
    DENOISED;

    /** Whether the AOV pass (the pixel's camera rays' first hits and guide chains) produces it. */
    public boolean fromFirstHit() {
        return this == DEPTH || this == NORMAL || this == ALBEDO;
    }

    /** Whether asking for it on a render's first pass makes the trace passes sum the guides and the split. */
    public boolean summedWithGuides() {
        return fromFirstHit() || this == DIFFUSE || this == DENOISED;
    }
}
