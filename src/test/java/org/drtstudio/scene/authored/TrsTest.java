package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class TrsTest {
    private static Vector3f apply(Matrix4f m, float x, float y, float z) {
        return m.transformPosition(new Vector3f(x, y, z));
    }

    @Test
    void rotatingAboutAPivotKeepsThePivotFixed() {
        Vec3 pivot = new Vec3(2, -1, 0.5f);
        for (double angle = 0; angle < 360; angle += 37) {
            Trs trs = new Trs(Vec3.ZERO, Quat.axisAngle(new Vec3(0.3f, 1, -0.2f), angle), new Vec3(1.5f, 0.5f, 3), pivot);
            Vector3f p = apply(trs.toMatrix(), pivot.x(), pivot.y(), pivot.z());
            assertEquals(pivot.x(), p.x, 1e-5);
            assertEquals(pivot.y(), p.y, 1e-5);
            assertEquals(pivot.z(), p.z, 1e-5);
        }
        // With a translation the pivot lands at pivot + translation.
        Trs moved = new Trs(new Vec3(1, 2, 3), Quat.axisAngle(new Vec3(0, 1, 0), 90), Vec3.ONE, pivot);
        Vector3f p = apply(moved.toMatrix(), pivot.x(), pivot.y(), pivot.z());
        assertEquals(3, p.x, 1e-5);
        assertEquals(1, p.y, 1e-5);
        assertEquals(3.5, p.z, 1e-5);
    }

    @Test
    void orderIsScaleThenRotateThenTranslateAboutThePivot() {
        // 90° about z maps x to y; the scale (2 on x) must act before the rotation.
        Trs trs = new Trs(new Vec3(10, 0, 0), Quat.axisAngle(new Vec3(0, 0, 1), 90), new Vec3(2, 1, 1), Vec3.ZERO);
        Vector3f p = apply(trs.toMatrix(), 1, 0, 0);
        assertEquals(10, p.x, 1e-5);
        assertEquals(2, p.y, 1e-5);
        // Pivot at (1, 0, 0): the point (2, 0, 0) is 1 from the pivot, scaled to 2, rotated to +y.
        Trs pivoted = trs.withPivot(new Vec3(1, 0, 0));
        Vector3f q = apply(pivoted.toMatrix(), 2, 0, 0);
        assertEquals(11, q.x, 1e-5);
        assertEquals(2, q.y, 1e-5);
    }

    @Test
    void identityIsTheIdentityMatrix() {
        assertTrue(Trs.IDENTITY.toMatrix().equals(new Matrix4f(), 0f));
    }

    @Test
    void badScalesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Trs.IDENTITY.withScale(new Vec3(1, 0, 1)));
        assertThrows(IllegalArgumentException.class, () -> Trs.IDENTITY.withScale(new Vec3(-1, 1, 1)));
        assertThrows(IllegalArgumentException.class, () -> Trs.IDENTITY.withScale(new Vec3(1, Float.NaN, 1)));
        assertThrows(IllegalArgumentException.class, () -> Trs.IDENTITY.withTranslation(new Vec3(Float.POSITIVE_INFINITY, 0, 0)));
    }
}
