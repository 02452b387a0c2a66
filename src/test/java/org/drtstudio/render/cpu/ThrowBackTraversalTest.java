package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.NodeKind;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The CPU twin's stackless sphere walk reads the DRT paper's non-binary trees (spheres thrown back
 * into their parents, GeometryImageBuilder.throwBack) and finds exactly the binary tree's hits.
 */
class ThrowBackTraversalTest {
    @Test
    void theSphereWalkFindsTheBinaryTreesHits() {
        Scene soup = TestScenes.randomSoup(5, 4_000, 150);
        GeometryImageBuilder wide = new GeometryImageBuilder();
        wide.throwBack(0.7f);
        GeometryImage binary = new GeometryImageBuilder().build(soup), thrown = wide.build(soup);
        assertTrue(thrown.nodeCount() < binary.nodeCount(), "spheres were thrown back");
        Traversal a = new Traversal(binary, NodeKind.SPHERES), b = new Traversal(thrown, NodeKind.SPHERES);
        Random rnd = new Random(11);
        Hit ha = new Hit(), hb = new Hit();
        int hits = 0;
        for (int i = 0; i < 5_000; i++) {
            // from a random point around the soup ([-1, 1]^3) towards a random point inside it
            float ox = rnd.nextFloat() * 6 - 3, oy = rnd.nextFloat() * 6 - 3, oz = rnd.nextFloat() * 6 - 3;
            float dx = rnd.nextFloat() * 2 - 1 - ox, dy = rnd.nextFloat() * 2 - 1 - oy, dz = rnd.nextFloat() * 2 - 1 - oz;
            float inv = 1f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            dx *= inv; dy *= inv; dz *= inv;
            ha.reset(Float.POSITIVE_INFINITY);
            hb.reset(Float.POSITIVE_INFINITY);
            boolean found = a.closest(ox, oy, oz, dx, dy, dz, 0f, ha);
            assertEquals(found, b.closest(ox, oy, oz, dx, dy, dz, 0f, hb), "ray " + i);
            assertFalse(hb.overflow, "ray " + i);
            assertEquals(ha.t, hb.t, 0f, "ray " + i);
            assertEquals(ha.primitive, hb.primitive, "ray " + i);
            if (found) hits++;
        }
        assertTrue(hits > 2_000, "rays must hit the soup: " + hits);
    }

    /**
     * The walk's work through the pixel centres (SphereWalkCounts, what docs/ACCEL.md's table counts):
     * the same primitive tests (a child sphere hit before the closest hit lies in a parent sphere hit
     * before it, so the same leaves are reached) and, on this soup, fewer sphere tests, the removed
     * spheres' tests being what throwing back saves.
     */
    @Test
    void throwingBackSavesSphereTestsAndKeepsThePrimitiveTests() {
        Scene soup = TestScenes.randomSoup(5, 4_000, 150);
        Scene s = soup.withSettings(soup.settings().withSize(64, 48));
        GeometryImageBuilder wide = new GeometryImageBuilder();
        wide.throwBack(0.7f);
        GeometryImage binary = new GeometryImageBuilder().build(s), thrown = wide.build(s);
        var p = org.drtstudio.render.TraceParameters.of(s.camera(), s.settings(), binary);
        SphereWalkCounts.PerRay a = SphereWalkCounts.perCameraRay(binary, p), b = SphereWalkCounts.perCameraRay(thrown, p);
        assertTrue(a.primitiveTests() > 1, "the rays reach leaves: " + a);
        assertEquals(a.primitiveTests(), b.primitiveTests(), 0.0, "the same leaves are reached");
        assertTrue(b.sphereTests() < a.sphereTests(), "binary " + a + ", thrown back " + b);
    }
}
