package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

class TrackTest {
    private static final Vec3 A = new Vec3(0.1f, -2.7f, 3.3f), B = new Vec3(10.9f, 4.3f, -1e-3f), C = new Vec3(1f / 3, 2f / 7, 5f / 9);

    @Test
    void keysAreReturnedBitExact() {
        // Awkward times and values: any arithmetic at a key would show in the low bits.
        Random rnd = new Random(3);
        for (int trial = 0; trial < 200; trial++) {
            double t0 = rnd.nextDouble() * 10 - 5, t1 = t0 + 0.1 + rnd.nextDouble(), t2 = t1 + 1e-9 + rnd.nextDouble();
            Vec3 a = new Vec3(rnd.nextFloat(), -rnd.nextFloat() * 1e7f, Float.MIN_VALUE), b = new Vec3(rnd.nextFloat(), 3, 1e-30f);
            Track<Vec3> track = Track.of(Key.eased(t0, a), Key.linear(t1, b), Key.eased(t2, a));
            assertSame(a, track.sample(t0, Blend.VEC3));
            assertSame(b, track.sample(t1, Blend.VEC3));
            assertSame(a, track.sample(t2, Blend.VEC3));
        }
    }

    @Test
    void linearMidpointIsTheAverage() {
        Track<Vec3> t = Track.of(Key.linear(1, A), Key.linear(3, B));
        Vec3 mid = t.sample(2, Blend.VEC3);
        assertEquals((A.x() + B.x()) / 2, mid.x(), 1e-6);
        assertEquals((A.y() + B.y()) / 2, mid.y(), 1e-6);
        assertEquals((A.z() + B.z()) / 2, mid.z(), 1e-6);
        Vec3 quarter = t.sample(1.5, Blend.VEC3);
        assertEquals(A.x() + (B.x() - A.x()) * 0.25, quarter.x(), 1e-6);
    }

    @Test
    void easedCurveIsSymmetricAndSlowAtTheKeys() {
        Track<Vec3> t = Track.of(Key.eased(0, Vec3.ZERO), Key.linear(2, new Vec3(1, 0, 0)));
        assertEquals(0.5, t.sample(1, Blend.VEC3).x(), 1e-7, "midpoint");
        for (double d = 0.05; d < 1; d += 0.05) {
            double early = t.sample(d, Blend.VEC3).x(), late = t.sample(2 - d, Blend.VEC3).x();
            assertEquals(1, early + late, 1e-6, "symmetric about the midpoint at " + d);
            assertTrue(early < d / 2, "eased starts slower than linear at " + d);
        }
        for (double u = 0; u <= 1; u += 1 / 64.0) {
            assertEquals(1, Interpolation.EASE.shape(u) + Interpolation.EASE.shape(1 - u), 1e-15);
        }
        assertEquals(0, Interpolation.EASE.shape(0));
        assertEquals(1, Interpolation.EASE.shape(1));
    }

    @Test
    void theFirstKeysInterpolationShapesItsSegment() {
        Track<Vec3> t = Track.of(Key.linear(0, Vec3.ZERO), Key.eased(1, new Vec3(1, 0, 0)), Key.linear(2, Vec3.ZERO));
        assertEquals(0.25, t.sample(0.25, Blend.VEC3).x(), 1e-7, "segment 0..1 is linear");
        assertEquals(1 - Interpolation.EASE.shape(0.25), t.sample(1.25, Blend.VEC3).x(), 1e-7, "segment 1..2 is eased");
    }

    @Test
    void valuesHoldOutsideTheKeys() {
        Track<Vec3> t = Track.of(Key.linear(1, A), Key.linear(2, B), Key.linear(4, C));
        assertSame(A, t.sample(-1e9, Blend.VEC3));
        assertSame(A, t.sample(0.999, Blend.VEC3));
        assertSame(C, t.sample(4.0001, Blend.VEC3));
        assertSame(C, t.sample(Double.POSITIVE_INFINITY, Blend.VEC3));
        Track<Vec3> single = Track.of(Key.eased(5, B));
        assertSame(B, single.sample(-3, Blend.VEC3));
        assertSame(B, single.sample(30, Blend.VEC3));
    }

    @Test
    void keysAreSortedAndUniqueInTime() {
        Track<Vec3> t = new Track<>(List.of(Key.linear(3, C), Key.linear(1, A), Key.linear(2, B)));
        assertEquals(List.of(1.0, 2.0, 3.0), t.keys().stream().map(Key::time).toList());
        assertThrows(IllegalArgumentException.class, () -> Track.of(Key.linear(1, A), Key.linear(1, B)));
        assertThrows(IllegalArgumentException.class, () -> Key.linear(Double.NaN, A));
        assertThrows(IllegalArgumentException.class, () -> t.sample(Double.NaN, Blend.VEC3));
        assertThrows(IllegalStateException.class, () -> Track.<Vec3>empty().sample(0, Blend.VEC3));
        assertSame(A, Track.<Vec3>empty().sampleOr(0, Blend.VEC3, A));
    }

    @Test
    void keysCanBeReplacedAndRemoved() {
        Track<Vec3> t = Track.of(Key.linear(1, A), Key.linear(2, B));
        Track<Vec3> replaced = t.withKey(Key.eased(2, C));
        assertEquals(2, replaced.keys().size());
        assertSame(C, replaced.sample(2, Blend.VEC3));
        Track<Vec3> added = t.withKey(Key.linear(1.5, C));
        assertEquals(List.of(1.0, 1.5, 2.0), added.keys().stream().map(Key::time).toList());
        assertEquals(t, added.withoutKey(1.5));
        assertSame(t, t.withoutKey(7));
        assertTrue(t.keyAt(2).isPresent());
        assertTrue(t.keyAt(2.0000001).isEmpty());
    }
}
