package org.drtstudio.studio.viewport;

import javafx.geometry.Point2D;
import javafx.scene.input.MouseButton;
import org.drtstudio.scene.Camera;

/**
 * What one press of a mouse button in the viewport started, from the press to its release: where
 * and with which button it was pressed, whether the mouse has moved past a click since, and what the
 * drag moves — at most one of a render region being drawn, the focus plane, a light's handle, a
 * gizmo handle or the camera. Plain state on the FX thread; the viewport reads and clears it.
 */
final class PointerPress {
    /** Mouse travel (pixels) below which a press and release count as a click. */
    private static final double CLICK_SLOP = 3;

    double x, y;
    MouseButton button;
    /** Whether the mouse went further than {@link #CLICK_SLOP} from the press: a drag, not a click. */
    boolean moved;
    /** A camera drag: the camera at the press (null for none), and whether it pans rather than orbits. */
    Camera navStart;
    boolean panning;
    /** A render region being drawn: its corners, null for none. */
    Point2D regionStart, regionEnd;
    /** A focus-plane drag: the camera and the view at the press, null for none. */
    Camera focusStart;
    ViewProjection focusView;
    /** A light's move handle being dragged (null for none) and the light's index. */
    Gizmo.Drag lightDrag;
    int lightIndex;
    /** A gizmo handle of the selected group being dragged, null for none. */
    Gizmo.Drag gizmoDrag;

    /** A new press at (x, y) with {@code button}; what it drags is set by the caller. */
    void start(double x, double y, MouseButton button) {
        this.x = x;
        this.y = y;
        this.button = button;
        moved = false;
    }

    /** Notes the mouse at (x, y): past the click slop the press is a drag for good. */
    void track(double x, double y) {
        if (Math.hypot(x - this.x, y - this.y) > CLICK_SLOP) moved = true;
    }
}
