package org.drtstudio.math;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class AabbTest {
    @Test
    void theBoxOfPackedPointsSpansEveryCoordinate() {
        Aabb box = Aabb.ofPoints(new float[]{1, -2, 3, -4, 5, 0.5f, 2, 0, -6});
        assertEquals(new Vec3(-4, -2, -6), box.min());
        assertEquals(new Vec3(2, 5, 3), box.max());
    }

    @Test
    void noPointsMakeTheEmptyBox() {
        assertTrue(Aabb.ofPoints(new float[0]).isEmpty());
        assertSame(Aabb.EMPTY, Aabb.ofPoints(new float[0]));
    }
}
