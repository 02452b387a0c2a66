package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.Trs;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * The transform gizmo's geometry and drag rules, free of any UI toolkit. Handles are world axes
 * drawn from the node's pivot with a fixed length on screen. Moving along an axis keeps the point
 * of the axis nearest the mouse ray under the mouse; moving in a plane keeps the ray's hit on that
 * plane under the mouse, so the object follows the cursor exactly. Rotation turns about the
 * chosen axis by the angle the cursor sweeps around the pivot on screen; scale is uniform,
 * exponential in the drag distance. Results are in the node's parent space.
 */
public final class Gizmo {
    public enum Mode { MOVE, ROTATE, SCALE }

    public enum Handle {
        X(new Vec3(1, 0, 0)), Y(new Vec3(0, 1, 0)), Z(new Vec3(0, 0, 1)),
        /** Planes, named by their normal's axis: YZ moves in the plane normal to X, and so on. */
        YZ(new Vec3(1, 0, 0)), ZX(new Vec3(0, 1, 0)), XY(new Vec3(0, 0, 1)),
        /** The centre: free move in the screen plane, or uniform scale. */
        CENTER(null);

        final Vec3 axis;

        Handle(Vec3 axis) {
            this.axis = axis;
        }

        boolean isAxis() {
            return this == X || this == Y || this == Z;
        }

        boolean isPlane() {
            return this == YZ || this == ZX || this == XY;
        }
    }

    /** On-screen length of the axis handles, in pixels. */
    static final double HANDLE_PIXELS = 70;
    /** How near (pixels) the cursor must be to a handle to grab it. */
    static final double GRAB_PIXELS = 8;
    /** Plane handles are squares from 25 % to 45 % of the axis length. */
    static final double PLANE_FROM = 0.25, PLANE_TO = 0.45;

    private Gizmo() {
    }

    /** World length of a handle drawn at {@code pivot}. */
    static double worldLength(ViewProjection view, Vec3 pivot) {
        return HANDLE_PIXELS * view.unitsPerPixel(view.depth(pivot));
    }

    /** Screen end point of axis handle {@code h} (X, Y or Z), or null when behind the eye. */
    public static double[] axisEnd(ViewProjection view, Vec3 pivot, Handle h) {
        return view.project(pivot.plus(h.axis.times((float) worldLength(view, pivot))));
    }

    /** The four screen corners of plane handle {@code h}. */
    static double[][] planeCorners(ViewProjection view, Vec3 pivot, Handle h) {
        double len = worldLength(view, pivot);
        Vec3[] span = spanOf(h);
        double[][] out = new double[4][];
        double[][] uv = {{PLANE_FROM, PLANE_FROM}, {PLANE_TO, PLANE_FROM}, {PLANE_TO, PLANE_TO}, {PLANE_FROM, PLANE_TO}};
        for (int i = 0; i < 4; i++) {
            out[i] = view.project(pivot.plus(span[0].times((float) (uv[i][0] * len))).plus(span[1].times((float) (uv[i][1] * len))));
            if (out[i] == null) return null;
        }
        return out;
    }

    private static Vec3[] spanOf(Handle plane) {
        return switch (plane) {
            case YZ -> new Vec3[]{Handle.Y.axis, Handle.Z.axis};
            case ZX -> new Vec3[]{Handle.Z.axis, Handle.X.axis};
            case XY -> new Vec3[]{Handle.X.axis, Handle.Y.axis};
            default -> throw new IllegalArgumentException(plane + " is not a plane handle");
        };
    }

    /** The handle under viewport point (x, y), or null. Planes are offered in move mode only. */
    static Handle hit(ViewProjection view, Vec3 pivot, Mode mode, double x, double y) {
        double[] c = view.project(pivot);
        if (c == null) return null;
        if (Math.hypot(x - c[0], y - c[1]) <= GRAB_PIXELS) return Handle.CENTER;
        if (mode == Mode.MOVE) {
            for (Handle h : new Handle[]{Handle.YZ, Handle.ZX, Handle.XY}) {
                double[][] q = planeCorners(view, pivot, h);
                if (q != null && insideQuad(q, x, y)) return h;
            }
        }
        Handle best = null;
        double bestDist = GRAB_PIXELS;
        for (Handle h : new Handle[]{Handle.X, Handle.Y, Handle.Z}) {
            double[] e = axisEnd(view, pivot, h);
            if (e == null) continue;
            double d = segmentDistance(x, y, c, e);
            if (d <= bestDist) {
                bestDist = d;
                best = h;
            }
        }
        return best;
    }

    /**
     * A drag in progress: everything captured at the press.
     *
     * @param node        the group being dragged, as it was at the press
     * @param parentWorld the node's parent space to world at the time shown
     */
    record Drag(org.drtstudio.scene.authored.GroupNode node, Mode mode, Handle handle, Trs start, Vec3 pivot, Matrix4f parentWorld, ViewProjection view,
                double startX, double startY) {
    }

    /** The node's transform for the cursor at (x, y) during {@code d}. */
    static Trs drag(Drag d, double x, double y) {
        return switch (d.mode()) {
            case MOVE -> d.start().withTranslation(d.start().translation().plus(toParent(d, worldMove(d, x, y))));
            case ROTATE -> rotate(d, x, y);
            case SCALE -> {
                double factor = Math.exp(((x - d.startX()) - (y - d.startY())) * 0.01);
                yield d.start().withScale(d.start().scale().times((float) factor));
            }
        };
    }

    /** World displacement of the pivot for the cursor at (x, y). */
    static Vec3 worldMove(Drag d, double x, double y) {
        ViewProjection v = d.view();
        Vec3 r0 = v.ray(d.startX(), d.startY()), r1 = v.ray(x, y);
        if (d.handle().isAxis()) {
            Vec3 a = d.handle().axis;
            double s0 = lineParameter(d.pivot(), a, v.eye(), r0), s1 = lineParameter(d.pivot(), a, v.eye(), r1);
            if (!Double.isFinite(s0) || !Double.isFinite(s1)) return Vec3.ZERO;
            return a.times((float) (s1 - s0));
        }
        Vec3 normal = d.handle().isPlane() ? d.handle().axis : v.forward();
        Vec3 p0 = planeHit(d.pivot(), normal, v.eye(), r0), p1 = planeHit(d.pivot(), normal, v.eye(), r1);
        if (p0 == null || p1 == null) return Vec3.ZERO;
        return p1.minus(p0);
    }

    private static Vec3 toParent(Drag d, Vec3 world) {
        Vector3f p = new Matrix4f(d.parentWorld()).invert().transformDirection(new Vector3f(world.x(), world.y(), world.z()));
        return new Vec3(p.x, p.y, p.z);
    }

    private static Trs rotate(Drag d, double x, double y) {
        double[] c = d.view().project(d.pivot());
        if (c == null) return d.start();
        double a0 = Math.atan2(d.startY() - c[1], d.startX() - c[0]), a1 = Math.atan2(y - c[1], x - c[0]);
        double screenDegrees = Math.toDegrees(a1 - a0);
        Vec3 axis = d.handle().isAxis() ? d.handle().axis : d.view().forward().times(-1);
        // Screen angles grow clockwise (y points down); a positive turn about an axis pointing at the
        // viewer looks counter-clockwise, so the sign follows the axis direction.
        double degrees = axis.dot(d.view().forward()) < 0 ? -screenDegrees : screenDegrees;
        Vec3 local = toParent(d, axis).normalized();
        Quaternionf q = new Quaternionf().rotateAxis((float) Math.toRadians(degrees), local.x(), local.y(), local.z())
                .mul(d.start().rotation().toJoml()).normalize();
        return d.start().withRotation(Quat.of(q));
    }

    /** Parameter s of the point p + s·a nearest the ray o + t·dir (a and dir unit); NaN when parallel. */
    static double lineParameter(Vec3 p, Vec3 a, Vec3 o, Vec3 dir) {
        Vec3 w = p.minus(o);
        double b = a.dot(dir), denom = 1 - b * b;
        if (denom < 1e-6) return Double.NaN;
        return (b * dir.dot(w) - a.dot(w)) / denom;
    }

    static Vec3 planeHit(Vec3 p, Vec3 n, Vec3 o, Vec3 dir) {
        double dn = dir.dot(n);
        if (Math.abs(dn) < 1e-6) return null;
        double t = p.minus(o).dot(n) / dn;
        if (t <= 0) return null;
        return o.plus(dir.times((float) t));
    }

    static double segmentDistance(double x, double y, double[] a, double[] b) {
        double dx = b[0] - a[0], dy = b[1] - a[1];
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / len2));
        return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
    }

    static boolean insideQuad(double[][] q, double x, double y) {
        boolean inside = false;
        for (int i = 0, j = q.length - 1; i < q.length; j = i++) {
            if ((q[i][1] > y) != (q[j][1] > y) && x < (q[j][0] - q[i][0]) * (y - q[i][1]) / (q[j][1] - q[i][1]) + q[i][0]) {
                inside = !inside;
            }
        }
        return inside;
    }
}
