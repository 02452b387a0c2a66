package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.studio.edit.NodeGeometry;

import java.util.Locale;
import java.util.Optional;

/**
 * Why the viewport would otherwise look empty, in one line for an overlay: no geometry yet, all of
 * it hidden, geometry so far out that the tracers cannot resolve it, or nothing inside the camera's
 * view. Null when something is in view. Works on bounding spheres, measured again only when the
 * scene graph or the time changed (a camera edit costs a frustum test), as it is asked on every
 * document change.
 */
public final class ViewportNotice {
    private Object documentRoot, shownRoot;
    private double boundsTime = Double.NaN;
    private Optional<float[]> documentBounds, shownBounds;

    /** {@link #of} with the bounds of the last call kept while the graphs and time are the same objects. */
    String check(SceneModel document, SceneModel shown, double time, ViewProjection view) {
        // Same objects: same graph (models are immutable); compared by identity, a deep comparison costs more.
        if (document.root() != documentRoot || shown.root() != shownRoot || time != boundsTime) {
            documentRoot = document.root();
            shownRoot = shown.root();
            boundsTime = time;
            documentBounds = NodeGeometry.worldBounds(document, document.root().id(), time);
            shownBounds = NodeGeometry.worldBounds(shown, shown.root().id(), time);
        }
        return of(documentBounds, shownBounds, view);
    }

    /** Coordinates beyond this many units lose the tracers' float precision (and the picture). */
    static final double FAR = 1e7;
    public static final String EMPTY = "Empty scene — File → Import, or drop a model here";

    static String of(SceneModel document, SceneModel shown, double time, ViewProjection view) {
        return of(NodeGeometry.worldBounds(document, document.root().id(), time), NodeGeometry.worldBounds(shown, shown.root().id(), time), view);
    }

    private static String of(Optional<float[]> documentBounds, Optional<float[]> bounds, ViewProjection view) {
        if (documentBounds.isEmpty()) return EMPTY;
        if (bounds.isEmpty()) return "Everything is hidden — show it again from the scene tree (right-click → Hide / show)";
        float[] b = bounds.get();
        double reach = Math.sqrt(b[0] * (double) b[0] + b[1] * (double) b[1] + b[2] * (double) b[2]) + b[3];
        if (!Double.isFinite(reach) || reach > FAR) {
            return String.format(Locale.ROOT, "Nothing can be shown: the scene reaches %.3g units from the origin, beyond what the "
                    + "tracers resolve — undo the edit that moved something there (Ctrl+Z)", reach);
        }
        if (!inView(view, new Vec3(b[0], b[1], b[2]), b[3])) return "Nothing in view: the scene is outside the camera's view — press F to frame it";
        return null;
    }

    /** Whether a sphere touches the view's frustum (its four side planes and the eye plane). */
    static boolean inView(ViewProjection v, Vec3 center, double radius) {
        Vec3 d = center.minus(v.eye());
        double z = d.dot(v.forward()), x = d.dot(v.right()), y = d.dot(v.up());
        if (z < -radius) return false;
        double tx = v.tanHalf() * v.aspect(), ty = v.tanHalf();
        // Distance of the centre outside each side plane |x| = z tx, scaled by the plane normal's length.
        if (Math.abs(x) - z * tx > radius * Math.sqrt(1 + tx * tx)) return false;
        return !(Math.abs(y) - z * ty > radius * Math.sqrt(1 + ty * ty));
    }
}
