package org.drtstudio.studio.preview;

import org.drtstudio.scene.Camera;

/**
 * What an export of the project frames, inside the viewport (Blender's camera frame and
 * passepartout): the export's width × height seen through the camera, fitted into the viewport.
 * The camera's field of view is vertical, so an export wider than the viewport sees more to the
 * sides than the camera's view at the viewport's shape; the view then widens its field of view by
 * {@link #widening} until the export's frame fits across, and shows it as a band. An export
 * narrower than the viewport is the middle of the view, full height. Outside the frame the
 * viewport shows what no export will (darkened by the overlay).
 *
 * @param widening factor on tan(fovY / 2) of the view (1: the camera's own field of view)
 * @param x        left of the frame in viewport pixels
 * @param y        top of the frame in viewport pixels
 */
public record RenderFrame(double widening, double x, double y, double width, double height) {
    /** No frame: the view is the camera's at the viewport's shape (the render frame is turned off). */
    public static RenderFrame none(double viewportWidth, double viewportHeight) {
        return new RenderFrame(1, 0, 0, viewportWidth, viewportHeight);
    }

    public static RenderFrame of(double viewportWidth, double viewportHeight, int exportWidth, int exportHeight) {
        if (!(viewportWidth > 0 && viewportHeight > 0) || exportWidth < 1 || exportHeight < 1) return none(viewportWidth, viewportHeight);
        double view = viewportWidth / viewportHeight, export = exportWidth / (double) exportHeight;
        if (export <= view) {
            double w = viewportHeight * export;
            return new RenderFrame(1, (viewportWidth - w) / 2, 0, w, viewportHeight);
        }
        double h = viewportWidth / export;
        return new RenderFrame(export / view, 0, (viewportHeight - h) / 2, viewportWidth, h);
    }

    /** {@code c} with the view's field of view: the export's frame then fits the viewport. */
    public Camera widen(Camera c) {
        return widened(c, widening);
    }

    /** {@code c} with tan(fovY / 2) multiplied by {@code widening}. */
    static Camera widened(Camera c, double widening) {
        if (widening == 1) return c;
        double tanHalf = Math.tan(Math.toRadians(c.fovY()) * 0.5) * widening;
        float fov = (float) Math.min(179, Math.toDegrees(2 * Math.atan(tanHalf)));
        return new Camera(c.eye(), c.look(), c.up(), fov, c.aperture(), c.focusDistance());
    }
}
