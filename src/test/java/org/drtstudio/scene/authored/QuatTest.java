package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class QuatTest {
    private static final Vec3 Y = new Vec3(0, 1, 0);

    @Test
    void slerpHalfwayIsHalfTheAngle() {
        Quat a = Quat.IDENTITY, b = Quat.axisAngle(Y, 100);
        Quat mid = a.slerp(b, 0.5);
        assertEquals(50, mid.angleDegrees(), 1e-4);
        assertEquals(1, Math.abs(Quat.axisAngle(Y, 50).dot(mid)), 1e-6);
        // Constant angular speed: a quarter of the way is a quarter of the angle.
        assertEquals(25, a.slerp(b, 0.25).angleDegrees(), 1e-4);
    }

    @Test
    void slerpTakesTheShortWay() {
        Quat a = Quat.axisAngle(Y, 170), b = Quat.axisAngle(Y, -170); // 20° apart across ±180°
        Quat mid = a.slerp(b, 0.5);
        assertEquals(180, mid.angleDegrees(), 1e-3, "halfway across 180°, not back through 0°");
        Quat negated = new Quat(-b.x(), -b.y(), -b.z(), -b.w()); // the same rotation as b
        assertEquals(1, Math.abs(mid.dot(a.slerp(negated, 0.5))), 1e-6);
    }

    @Test
    void slerpOfNearlyEqualRotationsStaysUnit() {
        Quat a = Quat.axisAngle(Y, 10), b = Quat.axisAngle(Y, 10.001);
        Quat mid = a.slerp(b, 0.5);
        assertEquals(1, Math.sqrt(mid.dot(mid)), 1e-6);
        assertEquals(10.0005, mid.angleDegrees(), 1e-3);
    }

    @Test
    void rotatesLikeJoml() {
        Quat q = Quat.axisAngle(new Vec3(0, 0, 1), 90);
        Vector3f v = q.toJoml().transform(new Vector3f(1, 0, 0));
        assertEquals(0, v.x, 1e-6);
        assertEquals(1, v.y, 1e-6);
    }

    @Test
    void unitQuaternionsKeepTheirBitsOthersAreNormalised() {
        Quat q = Quat.axisAngle(new Vec3(1, 2, 3), 77);
        Quat copy = new Quat(q.x(), q.y(), q.z(), q.w());
        assertEquals(q, copy);
        Quat scaled = new Quat(0, 0, 0, 2);
        assertEquals(Quat.IDENTITY, scaled);
        assertThrows(IllegalArgumentException.class, () -> new Quat(0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Quat(Float.NaN, 0, 0, 1));
    }
}
