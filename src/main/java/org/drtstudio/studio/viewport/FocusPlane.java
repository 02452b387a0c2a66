package org.drtstudio.studio.viewport;

import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.drtstudio.scene.Camera;

import java.util.Locale;

/**
 * The camera's plane of focus as a viewport overlay (issue 39, item 9): shown while the lens is
 * open (aperture &gt; 0), selected by a click on its outline, and dragged to change the focus
 * distance, like a light's icon and handles.
 *
 * <p>The viewport looks through the camera, so the plane is seen face on and would fill the whole
 * view. What is drawn is a rectangle of fixed size lying in the plane, centred on the view's axis:
 * its size on screen is its distance, {@value #SHARE} of the view's height when the camera focuses
 * at its look point, larger when it focuses nearer, smaller farther away. Dragging the outline
 * moves the plane so the outline follows the pointer (pulled outwards: nearer; inwards: farther).
 * Pure geometry over a {@link ViewProjection}, apart from {@link #draw}.
 */
public final class FocusPlane {
    /** The rectangle's height as a share of the view's when the focus is at the look point. */
    static final double SHARE = 0.35;
    /** Pixels from the outline within which a click selects the plane or starts a drag. */
    static final double PICK_PIXELS = 6;
    /** The farthest and nearest focus a drag gives, as multiples of the look point's distance. */
    private static final double MAX_FACTOR = 1000, MIN_FACTOR = 1e-3;

    private FocusPlane() {
    }

    /** Whether the camera has a plane of focus to show: a pinhole keeps everything sharp. */
    static boolean shown(Camera c) {
        return c.aperture() > 0;
    }

    /** The distance in focus along the view direction (0 in the camera means the look point). */
    public static double distance(Camera c) {
        return c.focusDistance() > 0 ? c.focusDistance() : lookDistance(c);
    }

    private static double lookDistance(Camera c) {
        return Math.max(1e-6, c.look().minus(c.eye()).length());
    }

    /**
     * The drawn rectangle in viewport pixels: {centre x, centre y, half width, half height}. Its
     * half height is {@link #SHARE} of the view's at the look point, scaled by look distance over
     * focus distance (perspective); its shape is the export frame's ({@code aspect}, width / height).
     */
    static double[] rectangle(Camera c, ViewProjection v, double aspect) {
        double halfHeight = SHARE * v.height() / 2 * lookDistance(c) / distance(c);
        return new double[]{v.width() / 2, v.height() / 2, halfHeight * aspect, halfHeight};
    }

    /** How far (x, y) is from the rectangle's outline, in pixels. */
    static double outlineDistance(double[] r, double x, double y) {
        double dx = Math.abs(x - r[0]) - r[2], dy = Math.abs(y - r[1]) - r[3];
        if (dx <= 0 && dy <= 0) return Math.min(-dx, -dy); // inside: to the nearest edge
        return Math.hypot(Math.max(dx, 0), Math.max(dy, 0));
    }

    /** Whether a click at (x, y) is on the shown plane's outline. */
    static boolean hit(Camera c, ViewProjection v, double aspect, double x, double y) {
        return shown(c) && outlineDistance(rectangle(c, v, aspect), x, y) <= PICK_PIXELS;
    }

    /**
     * The focus distance that puts the outline where the pointer is: a drag from (x0, y0) to (x, y)
     * scales the rectangle by the ratio of the two points' distances from its centre (measured in
     * its own shape, so an edge follows the pointer), and the distance by the inverse. Kept within
     * {@value #MIN_FACTOR} … {@value #MAX_FACTOR} times the look point's distance.
     */
    static float dragged(Camera start, ViewProjection v, double aspect, double x0, double y0, double x, double y) {
        double[] r = rectangle(start, v, aspect);
        double from = Math.max(1, radius(r, aspect, x0, y0)), to = Math.max(1, radius(r, aspect, x, y));
        double d = distance(start) * from / to, look = lookDistance(start);
        return (float) Math.max(look * MIN_FACTOR, Math.min(look * MAX_FACTOR, d));
    }

    /** The half height of the rectangle, of the same shape and centre, whose outline passes through (x, y). */
    private static double radius(double[] r, double aspect, double x, double y) {
        return Math.max(Math.abs(x - r[0]) / aspect, Math.abs(y - r[1]));
    }

    /** The plane's outline, a faint fill, and its distance beside it; orange when selected. */
    static void draw(OverlayPen gc, Camera c, ViewProjection v, double aspect, boolean selected) {
        if (!shown(c)) return;
        double[] r = rectangle(c, v, aspect);
        double x = r[0] - r[2], y = r[1] - r[3], w = 2 * r[2], h = 2 * r[3];
        Color colour = selected ? Color.web("#ff9a20") : Color.web("#60d0ff");
        gc.setFill(colour.deriveColor(0, 1, 1, 0.08));
        gc.fillRect(x, y, w, h);
        gc.setLineWidth(3);
        gc.setStroke(Color.rgb(0, 0, 0, 0.6));
        gc.strokeRect(x, y, w, h);
        gc.setLineWidth(selected ? 2 : 1.5);
        gc.setStroke(colour);
        gc.strokeRect(x, y, w, h);
        gc.setFill(colour);
        gc.setFont(Font.font(11));
        gc.fillText(String.format(Locale.ROOT, "focus %.3g", distance(c)), x + 4, Math.max(12, y - 4));
    }
}
