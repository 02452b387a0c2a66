package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.Trs;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class GizmoTest {
    private final Camera camera = new Camera(new Vec3(1, 3, 8), new Vec3(0, 0.5f, 0), new Vec3(0, 1, 0), 40, 0, 0);
    private final ViewProjection view = ViewProjection.of(camera, 640, 360);
    private final Vec3 pivot = new Vec3(0.3f, 0.5f, -0.2f);
    private final Trs start = Trs.translation(pivot);

    private Gizmo.Drag drag(Gizmo.Mode mode, Gizmo.Handle h, double[] at, Matrix4f parent) {
        return new Gizmo.Drag(null, mode, h, start, pivot, parent, view, at[0], at[1]);
    }

    @Test
    void axisMoveKeepsTheGrabbedPointOfTheAxisUnderTheCursor() {
        for (Gizmo.Handle h : new Gizmo.Handle[]{Gizmo.Handle.X, Gizmo.Handle.Y, Gizmo.Handle.Z}) {
            double[] grab = view.project(pivot.plus(h.axis.times(0.4f)));
            double[] to = view.project(pivot.plus(h.axis.times(0.4f + 1.25f)));
            Trs moved = Gizmo.drag(drag(Gizmo.Mode.MOVE, h, grab, new Matrix4f()), to[0], to[1]);
            Vec3 delta = moved.translation().minus(start.translation());
            assertEquals(1.25, delta.dot(h.axis), 1e-3, h + " moved by the distance between the two axis points");
            assertEquals(0, delta.minus(h.axis.times(delta.dot(h.axis))).length(), 1e-6, h + " moved along its axis only");
        }
    }

    @Test
    void planeMoveFollowsTheCursorOnThePlane() {
        Vec3 target = pivot.plus(new Vec3(0.7f, 0, -1.1f));
        double[] grab = view.project(pivot.plus(new Vec3(0.1f, 0, 0.1f)));
        double[] to = view.project(target.plus(new Vec3(0.1f, 0, 0.1f)));
        Trs moved = Gizmo.drag(drag(Gizmo.Mode.MOVE, Gizmo.Handle.ZX, grab, new Matrix4f()), to[0], to[1]);
        Vec3 delta = moved.translation().minus(start.translation());
        assertEquals(0.7, delta.x(), 1e-3);
        assertEquals(0, delta.y(), 1e-4);
        assertEquals(-1.1, delta.z(), 1e-3);
    }

    @Test
    void moveIsExpressedInTheParentSpace() {
        Matrix4f parent = new Matrix4f().scale(2);
        double[] grab = view.project(pivot.plus(new Vec3(0.4f, 0, 0)));
        double[] to = view.project(pivot.plus(new Vec3(1.4f, 0, 0)));
        Trs moved = Gizmo.drag(drag(Gizmo.Mode.MOVE, Gizmo.Handle.X, grab, parent), to[0], to[1]);
        assertEquals(0.5, moved.translation().x() - start.translation().x(), 1e-3, "one world unit is half a unit under a parent scaled 2x");
    }

    @Test
    void rotateTurnsByTheAngleSweptAroundThePivot() {
        double[] c = view.project(pivot);
        double[] from = {c[0] + 50, c[1]}, to = {c[0], c[1] - 50}; // a quarter turn, counter-clockwise on screen
        Trs turned = Gizmo.drag(drag(Gizmo.Mode.ROTATE, Gizmo.Handle.Y, from, new Matrix4f()), to[0], to[1]);
        Quat q = turned.rotation();
        assertEquals(90, q.angleDegrees(), 1e-3);
        // Y points up, toward the viewer's side of the screen plane: counter-clockwise is a positive turn about +Y.
        org.joml.Vector3f x = q.toJoml().transform(new org.joml.Vector3f(1, 0, 0));
        assertEquals(-1, x.z, 1e-4, "+X turned toward -Z, a positive rotation about +Y");
    }

    @Test
    void scaleIsUniformAndGrowsToTheUpperRight() {
        double[] c = view.project(pivot);
        Trs s = Gizmo.drag(drag(Gizmo.Mode.SCALE, Gizmo.Handle.CENTER, c, new Matrix4f()), c[0] + 30, c[1] - 20);
        assertEquals(Math.exp(0.5), s.scale().x(), 1e-5);
        assertEquals(s.scale().x(), s.scale().y());
        assertEquals(s.scale().x(), s.scale().z());
    }

    @Test
    void handlesAreFoundUnderTheCursor() {
        double[] c = view.project(pivot);
        assertEquals(Gizmo.Handle.CENTER, Gizmo.hit(view, pivot, Gizmo.Mode.MOVE, c[0] + 2, c[1] - 2));
        for (Gizmo.Handle h : new Gizmo.Handle[]{Gizmo.Handle.X, Gizmo.Handle.Y, Gizmo.Handle.Z}) {
            double[] e = Gizmo.axisEnd(view, pivot, h);
            assertEquals(h, Gizmo.hit(view, pivot, Gizmo.Mode.MOVE, e[0], e[1]));
        }
        assertNull(Gizmo.hit(view, pivot, Gizmo.Mode.MOVE, c[0] + 200, c[1] + 150));
    }
}
