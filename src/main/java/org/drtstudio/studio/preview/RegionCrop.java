package org.drtstudio.studio.preview;

import org.drtstudio.render.CameraBasis;
import org.drtstudio.render.TraceParameters;

/**
 * Trace parameters for a rectangle of a view as an image of its own, so the unchanged tracers
 * render only the render region: the camera's image window is narrowed to the rectangle by moving
 * {@code forward} to the rectangle's centre and shrinking {@code right} and {@code up} to its
 * half-extents, which keeps every pixel's pinhole ray the ray of the same pixel of the whole view.
 * The tracers put the plane of focus at {@code focusDistance} along the (now shifted) forward axis,
 * so the focus distance is corrected to make it the same plane at the rectangle's centre; across a
 * wide region of an opened lens the plane tilts slightly.
 */
final class RegionCrop {
    private RegionCrop() {
    }

    /**
     * @param full      parameters of the whole view at {@code full.width()} x {@code full.height()}
     * @param region    the rectangle, in pixels of that view
     * @param outWidth  pixels across the region's own image (its width, or less at a reduced resolution)
     */
    static TraceParameters crop(TraceParameters full, PreviewRegion region, int outWidth, int outHeight) {
        double w = full.width(), h = full.height();
        double cx = (2.0 * region.x() + region.width()) / w - 1;
        double cy = 1 - (2.0 * region.y() + region.height()) / h;
        double sx = region.width() / w, sy = region.height() / h;
        return new TraceParameters(outWidth, outHeight, full.samplesPerPixel(), full.maxDepth(), full.seed(),
                crop(full.open(), cx, cy, sx, sy), crop(full.close(), cx, cy, sx, sy), full.filter(), full.motion(),
                full.background(), full.ambientLight(), full.attenuation(), full.rayEpsilon(), full.throughputCutoff(), full.rouletteWeight());
    }

    private static CameraBasis crop(CameraBasis b, double cx, double cy, double sx, double sy) {
        float[] f = b.forward(), r = b.right(), u = b.up();
        float[] forward = new float[3], right = new float[3], up = new float[3];
        for (int i = 0; i < 3; i++) {
            forward[i] = (float) (f[i] + cx * r[i] + cy * u[i]);
            right[i] = (float) (r[i] * sx);
            up[i] = (float) (u[i] * sy);
        }
        // Same plane of focus where the region's central ray meets it: distance along the old axis
        // over the cosine between the old and the new axis.
        double cos = dot(forward, f) / (length(forward) * length(f));
        float focus = (float) (b.focusDistance() / cos);
        return new CameraBasis(b.eye(), forward, right, up, b.lensRight(), b.lensUp(), focus);
    }

    private static double dot(float[] a, float[] b) {
        return a[0] * (double) b[0] + a[1] * (double) b[1] + a[2] * (double) b[2];
    }

    private static double length(float[] a) {
        return Math.sqrt(dot(a, a));
    }
}
