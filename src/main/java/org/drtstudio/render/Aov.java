package org.drtstudio.render;

/** Extra images a render can produce beside the colour image. */
public enum Aov {
    /** Distance from the eye to the first hit along the normalised pixel-centre ray; +Inf on a miss. */
    DEPTH,
    /** Unit shading normal of the first hit along the pixel-centre ray, turned toward the eye; 0 on a miss. */
    NORMAL,
    /** Diffuse colour of the first hit along the pixel-centre ray; 0 on a miss. */
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
    SAMPLES;

    /** Whether the AOV pass (pixel-centre ray, first hit) produces it. */
    public boolean fromFirstHit() {
        return this == DEPTH || this == NORMAL || this == ALBEDO;
    }
}
