package org.drtstudio.scene;

import org.drtstudio.math.Vec3;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The light kinds: what each keeps when edited, and the checks that keep each one well formed. */
class LightTest {
    private static final Vec3 AT = new Vec3(1, 2, 3), RED = new Vec3(1, 0, 0);

    @Test
    void aRadiusTurnsAPointIntoASphereAndZeroTurnsItBack() {
        Light point = new PointLight(AT, RED, 2);
        Light sphere = point.withRadius(0.5f);
        assertEquals(new SphereLight(AT, RED, 2, 0.5f), sphere);
        assertEquals(0.5f, sphere.radius());
        assertEquals(point, sphere.withRadius(0));
        assertEquals(0f, point.radius());
        assertEquals(point, Light.pointOrSphere(AT, RED, 2, 0));
    }

    @Test
    void aRectangleKeepsItsShape() {
        RectLight rect = new RectLight(AT, RED, 2, new Vec3(1, 0, 0), new Vec3(0, 0, 1));
        assertSame(rect, rect.withRadius(3));
        assertEquals(0f, rect.radius());
        Light moved = rect.at(Vec3.ZERO).withEmission(Vec3.ONE, 4);
        assertEquals(new RectLight(Vec3.ZERO, Vec3.ONE, 4, rect.edgeU(), rect.edgeV()), moved);
    }

    @Test
    void movingAndRecolouringKeepTheKind() {
        assertEquals(new SphereLight(Vec3.ZERO, Vec3.ONE, 3, 0.5f), new SphereLight(AT, RED, 2, 0.5f).at(Vec3.ZERO).withEmission(Vec3.ONE, 3));
        assertEquals(new PointLight(Vec3.ZERO, Vec3.ONE, 3), new PointLight(AT, RED, 2).at(Vec3.ZERO).withEmission(Vec3.ONE, 3));
    }

    @Test
    void malformedLightsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SphereLight(AT, RED, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new SphereLight(AT, RED, 1, Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> new PointLight(AT, RED, 1).withRadius(-1));
        assertThrows(IllegalArgumentException.class, () -> new RectLight(AT, RED, 1, new Vec3(1, 0, 0), null));
        assertThrows(IllegalArgumentException.class, () -> new RectLight(AT, RED, 1, new Vec3(1, 0, 0), new Vec3(2, 0, 0)));
    }
}
