package org.drtstudio.studio.preview;

/**
 * The render region: a rectangle of the viewport, in viewport pixels, that the preview refines
 * alone (the rest of the view keeps the image it had).
 */
public record PreviewRegion(int x, int y, int width, int height) {
    /** Smaller than this along either side is taken for a click, not a region. */
    static final int MIN_SIDE = 8;

    public PreviewRegion {
        if (x < 0 || y < 0 || width < 1 || height < 1)
            throw new IllegalArgumentException("render region must lie in the viewport, got " + width + "x" + height + " at " + x + "," + y);
    }

    /**
     * The region spanned by two corners dragged in a viewport of {@code viewWidth} x {@code viewHeight},
     * clipped to it, or null when what is left is too small to be meant as a region.
     */
    public static PreviewRegion spanning(double x0, double y0, double x1, double y1, int viewWidth, int viewHeight) {
        int left = (int) Math.floor(Math.max(0, Math.min(x0, x1)));
        int top = (int) Math.floor(Math.max(0, Math.min(y0, y1)));
        int right = (int) Math.ceil(Math.min(viewWidth, Math.max(x0, x1)));
        int bottom = (int) Math.ceil(Math.min(viewHeight, Math.max(y0, y1)));
        if (right - left < MIN_SIDE || bottom - top < MIN_SIDE) return null;
        return new PreviewRegion(left, top, right - left, bottom - top);
    }

    /** This region in a viewport resized from {@code oldW} x {@code oldH} to {@code newW} x {@code newH}, or null when lost. */
    public PreviewRegion rescaled(int oldW, int oldH, int newW, int newH) {
        double sx = newW / (double) oldW, sy = newH / (double) oldH;
        return spanning(x * sx, y * sy, (x + width) * sx, (y + height) * sy, newW, newH);
    }
}
