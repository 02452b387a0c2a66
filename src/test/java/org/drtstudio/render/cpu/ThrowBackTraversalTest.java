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
}
