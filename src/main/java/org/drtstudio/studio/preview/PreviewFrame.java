package org.drtstudio.studio.preview;

/**
 * One finished preview pass, ready for the screen.
 *
 * @param bgra          4 bytes per pixel in the order JavaFX's premultiplied BGRA format wants (alpha 255)
 * @param samples       samples per pixel accumulated so far
 * @param targetSamples the sample target the preview stops at
 * @param pixelScale    viewport pixels per rendered pixel (above 1 while the view is moving, for speed)
 * @param region        the render region this frame covers, or null for the whole viewport
 * @param revision      the {@link PreviewRequest#revision()} this frame shows
 * @param requestNanos  {@link System#nanoTime()} when that request was made
 * @param passNanos     how long the pass took
 * @param raysInPass    camera rays traced in the pass
 * @param converged     share of pixels (0..1) that have stopped taking samples under the noise threshold, or
 *                      {@link #NOT_ADAPTIVE} when the view samples every pixel alike
 * @param denoised      whether {@code bgra} is the denoised picture ({@link PreviewDenoiser}) rather than the accumulated one
 */
public record PreviewFrame(int width, int height, byte[] bgra, int samples, int targetSamples, int pixelScale, PreviewRegion region,
                    long revision, long requestNanos, long passNanos, long raysInPass, double converged, boolean denoised) {
    static final double NOT_ADAPTIVE = -1;

    /** A frame of a view without adaptive sampling, not denoised. */
    PreviewFrame(int width, int height, byte[] bgra, int samples, int targetSamples, int pixelScale, PreviewRegion region,
                 long revision, long requestNanos, long passNanos, long raysInPass) {
        this(width, height, bgra, samples, targetSamples, pixelScale, region, revision, requestNanos, passNanos, raysInPass, NOT_ADAPTIVE, false);
    }

    /** This picture again as the frame of a later request that shows the same (a selection, a save): its samples are kept. */
    PreviewFrame forRequest(long newRevision, long newRequestNanos) {
        return new PreviewFrame(width, height, bgra, samples, targetSamples, pixelScale, region, newRevision, newRequestNanos, passNanos,
                raysInPass, converged, denoised);
    }
}
