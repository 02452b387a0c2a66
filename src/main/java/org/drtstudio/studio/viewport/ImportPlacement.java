package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.Trs;
import org.joml.Matrix4f;
import org.joml.Vector3f;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Where a new object (an import, a primitive) lands so the user can see it: on the surface hit by
 * the aiming ray (the view's centre, or the cursor for a drop) in front of the camera, resting on
 * the surface below it, and moved sideways where its box would overlap another object's, as long
 * as the spot stays in view. A model whose size is far from the scene's (millimetres in a scene of
 * metres) is scaled to a sixth of the view height, and the note says so. Free of JavaFX: the
 * scene is probed with {@link ScenePicker} rays.
 */
public final class ImportPlacement {
    /** Sizes within this factor of the target size are kept as they are. */
    static final double KEEP_SCALE_WITHIN = 4;

    /** @param note what the status bar should say about the placement, empty when there is nothing to say */
    public record Placement(Trs transform, String note) {
    }

    private ImportPlacement() {
    }

    /**
     * @param objectBox the new object's own box {minX, minY, minZ, maxX, maxY, maxZ}
     * @param aimOrigin where the aiming ray starts (the eye)
     * @param aimDir    the aiming ray's direction (view centre or cursor)
     * @param atCursor  true for a drop: the surface under the cursor is the spot however far it is;
     *                  from the view's centre the spot is no farther than the look point, so a model
     *                  lands near what the camera looks at, not on the far wall
     */
    public static Placement place(SceneModel model, double time, float[] objectBox, Vec3 aimOrigin, Vec3 aimDir, boolean atCursor) {
        return place(model, time, objectBox, Quat.IDENTITY, aimOrigin, aimDir, atCursor);
    }

    /**
     * As {@link #place(SceneModel, double, float[], Vec3, Vec3, boolean)}, the object turned by {@code rotation}
     * first ({@link #upright}); {@code objectBox} is the turned object's box ({@link #graphBox(SceneNode, Quat)}).
     */
    public static Placement place(SceneModel model, double time, float[] objectBox, Quat rotation, Vec3 aimOrigin, Vec3 aimDir, boolean atCursor) {
        Camera cam = model.cameraAt(time);
        Vec3 forward = cam.look().minus(cam.eye()).normalized();
        double lookDistance = cam.look().minus(cam.eye()).length();
        double viewHeight = 2 * lookDistance * Math.tan(Math.toRadians(cam.fovY()) / 2);
        double target = viewHeight / 6;
        Vec3 lo = new Vec3(objectBox[0], objectBox[1], objectBox[2]), hi = new Vec3(objectBox[3], objectBox[4], objectBox[5]);
        double radius = hi.minus(lo).length() / 2;
        if (!(radius > 0) || !Double.isFinite(radius)) return new Placement(Trs.IDENTITY, "");
        float k = 1;
        String note = "";
        if (radius > target * KEEP_SCALE_WITHIN || radius < target / KEEP_SCALE_WITHIN) {
            k = (float) (target / radius);
            note = String.format(Locale.ROOT, "scaled by %.3g: its size (%.3g units across) was far from the scene's", k, 2 * radius);
        }
        Vec3 half = hi.minus(lo).times(k / 2f);
        Vec3 centreOffset = lo.plus(hi).times(k / 2f); // the scaled box centre relative to the object's origin
        List<float[]> others = objectBoxes(model, time);

        Vec3 dir = aimDir.normalized();
        ScenePicker.Hit hit = ScenePicker.pick(model, time, aimOrigin, dir);
        double reach = atCursor ? 4 * lookDistance : lookDistance;
        Vec3 aim = hit != null && hit.distance() < reach ? hit.point() : aimOrigin.plus(dir.times((float) lookDistance));
        // sideways steps along the camera's horizontal right vector, then a step back
        Vec3 right = forward.cross(new Vec3(0, 1, 0));
        right = right.length() < 1e-6 ? new Vec3(1, 0, 0) : right.normalized();
        Vec3 away = new Vec3(forward.x(), 0, forward.z());
        away = away.length() < 1e-6 ? Vec3.ZERO : away.normalized();
        float step = 2.2f * Math.max(half.x(), Math.max(half.z(), 1e-6f));
        // ... and last a step toward the camera, in front of whatever stands at the aim.
        int[][] offsets = {{0, 0}, {1, 0}, {-1, 0}, {2, 0}, {-2, 0}, {0, 1}, {1, 1}, {-1, 1}, {3, 0}, {-3, 0}, {0, 2}, {0, -1}};
        Vec3 first = null, clearInFrame = null;
        for (int[] o : offsets) {
            Vec3 spot = aim.plus(right.times(o[0] * step)).plus(away.times(o[1] * step));
            Vec3 centre = rest(model, time, spot, half, others);
            if (first == null) first = centre;
            // Nothing below the aim: no surface to find room on, so the aim itself, unless something is already there
            // (a second flat model imported the same way landed on the first); then the steps aside, in the air.
            boolean aimed = o[0] == 0 && o[1] == 0; // where the user aimed is in view by definition
            boolean clash = overlaps(centre, half, others);
            if (aimed && first.equals(spot) && !clash) break;
            if (clash) continue;
            boolean inFrame = aimed || inView(cam, centre, half, aspect(model));
            if (clearInFrame == null && inFrame) clearInFrame = centre;
            if (inFrame && (aimed || unhidden(model, time, cam.eye(), centre, half))) return new Placement(trs(centre, centreOffset, rotation, k), note);
        }
        // No spot clear and seen: one clear in the frame though behind something rather than inside another
        // object; else the aim, in the frame (a spot out of it is not taken: issue 39, item 14).
        return new Placement(trs(clearInFrame != null ? clearInFrame : first, centreOffset, rotation, k), note);
    }

    /** {@code centreOffset} is the turned and scaled box's centre relative to the object's origin, which T·R·S leaves in place. */
    private static Trs trs(Vec3 centre, Vec3 centreOffset, Quat rotation, float k) {
        return new Trs(centre.minus(centreOffset), rotation, new Vec3(k, k, k), Vec3.ZERO);
    }

    /**
     * The turn that stands a model upright in the studio's world, whose up is +y: its file's view up
     * (an NFF's {@code up}, as Eric Haines' SPD scenes give +z) snapped to the nearest axis, turned onto
     * +y; no turn for +y. Snapping keeps a camera's roll from tilting the model.
     */
    public static Quat upright(Vec3 fileUp) {
        if (fileUp == null || !fileUp.isFinite() || fileUp.length() == 0) return Quat.IDENTITY;
        float ax = Math.abs(fileUp.x()), ay = Math.abs(fileUp.y()), az = Math.abs(fileUp.z());
        Vec3 axis = ay >= ax && ay >= az ? new Vec3(0, Math.signum(fileUp.y()), 0)
                : ax >= az ? new Vec3(Math.signum(fileUp.x()), 0, 0) : new Vec3(0, 0, Math.signum(fileUp.z()));
        Vec3 y = new Vec3(0, 1, 0);
        if (axis.equals(y)) return Quat.IDENTITY;
        if (axis.y() < 0) return Quat.axisAngle(new Vec3(1, 0, 0), 180); // upside down: turned over about x
        return Quat.axisAngle(axis.cross(y).normalized(), 90);
    }

    /**
     * The box centre above {@code spot} that puts the box's bottom on the highest surface under its
     * footprint (rays straight down from above everything); {@code spot} itself when nothing is below.
     */
    static Vec3 rest(SceneModel model, double time, Vec3 spot, Vec3 half, List<float[]> others) {
        float top = spot.y() + 2 * half.y();
        for (float[] b : others) top = Math.max(top, b[4]);
        top += half.y() + 1e-3f;
        double best = Double.NEGATIVE_INFINITY;
        float[][] feet = {{0, 0}, {-0.8f, -0.8f}, {0.8f, -0.8f}, {-0.8f, 0.8f}, {0.8f, 0.8f}};
        for (float[] f : feet) {
            Vec3 from = new Vec3(spot.x() + f[0] * half.x(), top, spot.z() + f[1] * half.z());
            ScenePicker.Hit h = ScenePicker.pick(model, time, from, new Vec3(0, -1, 0));
            if (h != null) best = Math.max(best, h.point().y());
            best = Math.max(best, groundBelow(model, from));
        }
        if (best == Double.NEGATIVE_INFINITY) return spot;
        return new Vec3(spot.x(), (float) best + half.y(), spot.z());
    }

    /**
     * Where the straight drop from {@code from} meets the scene's analytic ground plane, which no
     * node holds (the DRT paper's, tested outside the tree): its height, or -infinity for none (no
     * plane, a vertical one, or one above the point).
     */
    static double groundBelow(SceneModel model, Vec3 from) {
        org.drtstudio.scene.GroundPlane g = model.settings().ground();
        if (g == null || Math.abs(g.normal().y()) < 1e-6) return Double.NEGATIVE_INFINITY;
        // Along (0, -1, 0): t = (point - from) . n / (-n.y)
        Vec3 n = g.normal();
        double t = (g.point().minus(from)).dot(n) / -n.y();
        return t >= 0 ? from.y() - t : Double.NEGATIVE_INFINITY;
    }

    /**
     * Whether the camera sees the box's centre past everything already there: a spot in view but
     * behind another object showed nothing of the import (the UX pass: balls placed right behind a
     * tetrahedron). Something nearer than the box's front counts; the floor it stands on does not.
     */
    static boolean unhidden(SceneModel model, double time, Vec3 eye, Vec3 centre, Vec3 half) {
        Vec3 toCentre = centre.minus(eye);
        double distance = toCentre.length();
        if (!(distance > 0)) return true;
        ScenePicker.Hit hit = ScenePicker.pick(model, time, eye, toCentre.times((float) (1 / distance)));
        return hit == null || hit.distance() >= distance - half.length();
    }

    private static double aspect(SceneModel m) {
        return Math.max(1e-3, m.settings().width() / (double) Math.max(1, m.settings().height()));
    }

    /**
     * Whether the whole box lies in the inner 96 % of the view (the render's aspect ratio, which the
     * viewport frames). The centre alone was checked, and a third import landed half outside the
     * view (issue 39, item 14).
     */
    static boolean inView(Camera cam, Vec3 centre, Vec3 half, double aspect) {
        ViewProjection v = ViewProjection.of(cam, 1000 * aspect, 1000);
        for (int corner = 0; corner < 8; corner++) {
            Vec3 c = centre.plus(new Vec3((corner & 1) == 0 ? -half.x() : half.x(), (corner & 2) == 0 ? -half.y() : half.y(),
                    (corner & 4) == 0 ? -half.z() : half.z()));
            double[] p = v.project(c);
            if (p == null || p[0] < 20 * aspect || p[0] > 980 * aspect || p[1] < 20 || p[1] > 980) return false;
        }
        return true;
    }

    /**
     * Whether the column under the box at {@code centre}, down to the lowest top of any object,
     * overlaps another object's box by more than a sliver. Resting on a flat floor is fine; resting
     * on top of another object counts as overlapping it, so a free spot on the ground wins. Two flat
     * objects in one plane (a second quad imported where the first stands) overlap too, though neither
     * reaches a sliver into the other.
     */
    static boolean overlaps(Vec3 centre, Vec3 half, List<float[]> others) {
        float eps = 0.02f * Math.max(half.x(), Math.max(half.y(), half.z()));
        float ground = centre.y() - half.y();
        for (float[] b : others) ground = Math.min(ground, b[4]); // the lowest top: a floor's surface
        float[] lo = {centre.x() - half.x(), ground, centre.z() - half.z()};
        float[] hi = {centre.x() + half.x(), centre.y() + half.y(), centre.z() + half.z()};
        for (float[] b : others) {
            boolean all = true;
            for (int a = 0; a < 3 && all; a++) {
                all = hi[a] - eps > b[a] && lo[a] + eps < b[a + 3] || flatAlike(lo[a], hi[a], b[a], b[a + 3], eps)
                        || a != 1 && onAFace(lo[a], hi[a], b[a], b[a + 3], eps);
            }
            if (all) return true;
        }
        return false;
    }

    /**
     * Whether a span thinner than a sliver lies on one end of another: a flat model in the plane of a
     * box's side (a quad aimed at a Cornell box's front face), where the two would fight for every pixel.
     * Not for heights: standing on a floor is what the column allows.
     */
    private static boolean onAFace(float lo, float hi, float otherLo, float otherHi, float eps) {
        float mid = (lo + hi) / 2;
        return hi - lo <= eps && (Math.abs(mid - otherLo) <= eps || Math.abs(mid - otherHi) <= eps);
    }

    /** Whether two spans are both thinner than a sliver and lie within one of each other: one plane. */
    private static boolean flatAlike(float lo, float hi, float otherLo, float otherHi, float eps) {
        return hi - lo <= eps && otherHi - otherLo <= eps && Math.abs((lo + hi) - (otherLo + otherHi)) / 2 <= eps;
    }

    private static final Map<TriangleMesh, float[]> MESH_BOXES = new WeakHashMap<>();

    /** World boxes {min xyz, max xyz} of every mesh and every sphere of the scene at {@code time}. */
    public static List<float[]> objectBoxes(SceneModel model, double time) {
        List<float[]> out = new ArrayList<>();
        collect(model.at(time).root(), new Matrix4f(), out);
        return out;
    }

    /** The box {min xyz, max xyz} of a model's own graph (before placement); null when it has no geometry. */
    public static float[] graphBox(SceneNode root) {
        return graphBox(root, Quat.IDENTITY);
    }

    /** As {@link #graphBox(SceneNode)}, the graph turned by {@code rotation} about its origin. */
    public static float[] graphBox(SceneNode root, Quat rotation) {
        List<float[]> boxes = new ArrayList<>();
        collect(root, new Matrix4f().rotate(rotation.toJoml()), boxes);
        return union(boxes);
    }

    /** The box {min xyz, max xyz} around {@code boxes}; null for none. */
    static float[] union(List<float[]> boxes) {
        if (boxes.isEmpty()) return null;
        float[] out = boxes.get(0).clone();
        for (float[] b : boxes) {
            for (int a = 0; a < 3; a++) {
                out[a] = Math.min(out[a], b[a]);
                out[a + 3] = Math.max(out[a + 3], b[a + 3]);
            }
        }
        return out;
    }

    private static void collect(SceneNode n, Matrix4f parent, List<float[]> out) {
        if (n instanceof TransformNode t) {
            Matrix4f w = new Matrix4f(parent).mul(t.transform());
            for (SceneNode c : t.children()) collect(c, w, out);
        } else if (n instanceof MeshNode m) {
            float[] b;
            synchronized (MESH_BOXES) {
                b = MESH_BOXES.computeIfAbsent(m.mesh(), ImportPlacement::boxOf);
            }
            if (b != null) out.add(worldBox(parent, b, 0));
        } else if (n instanceof SphereNode s) {
            for (Sphere sp : s.spheres()) {
                Vec3 c = sp.center();
                out.add(worldBox(parent, new float[]{c.x(), c.y(), c.z(), c.x(), c.y(), c.z()}, sp.radius()));
            }
        }
    }

    /** Object box {min, max} of a mesh's vertices; null when it has none. */
    static float[] boxOf(TriangleMesh mesh) {
        float[] p = mesh.positions();
        if (p.length == 0) return null;
        float[] b = {p[0], p[1], p[2], p[0], p[1], p[2]};
        for (int i = 0; i < p.length; i++) {
            b[i % 3] = Math.min(b[i % 3], p[i]);
            b[i % 3 + 3] = Math.max(b[i % 3 + 3], p[i]);
        }
        return b;
    }

    /** The world box of an object box grown by {@code radius}, through {@code m} (its eight corners). */
    private static float[] worldBox(Matrix4f m, float[] b, float radius) {
        float[] out = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        Vector3f s = m.getScale(new Vector3f());
        float r = radius * Math.max(s.x, Math.max(s.y, s.z));
        for (int corner = 0; corner < 8; corner++) {
            Vector3f p = m.transformPosition(new Vector3f((corner & 1) == 0 ? b[0] : b[3], (corner & 2) == 0 ? b[1] : b[4],
                    (corner & 4) == 0 ? b[2] : b[5]));
            out[0] = Math.min(out[0], p.x - r); out[1] = Math.min(out[1], p.y - r); out[2] = Math.min(out[2], p.z - r);
            out[3] = Math.max(out[3], p.x + r); out[4] = Math.max(out[4], p.y + r); out[5] = Math.max(out[5], p.z + r);
        }
        return out;
    }
}
