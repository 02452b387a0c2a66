package org.drtstudio.render.cpu;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.NodeKind;
import org.drtstudio.testing.CaterpillarImage;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Random;

import static org.drtstudio.accel.GeometryImageLayout.*;
import static org.junit.jupiter.api.Assertions.*;

/** The stackless walk must find exactly what testing every primitive would find. */
class TraversalTest {

    @ParameterizedTest
    @EnumSource(NodeKind.class)
    void everyPrimitiveIsFoundByARayAimedAtIt(NodeKind kind) {
        GeometryImage gi = GeometryImagePacker.pack(TestScenes.randomSoup(42, 3000, 500));
        Traversal traversal = new Traversal(gi, kind);
        Random rnd = new Random(1);
        Hit hit = new Hit();
        Primitives prims = new Primitives(gi);
        float[] corners = new float[9];
        for (int p = 0; p < gi.primitiveCount(); p++) {
            boolean triangle = prims.kind(p) == KIND_TRIANGLE;
            float tx, ty, tz;
            if (triangle) { // aim at the centroid
                prims.triangle(p, corners);
                tx = corners[0] + (corners[3] + corners[6]) / 3;
                ty = corners[1] + (corners[4] + corners[7]) / 3;
                tz = corners[2] + (corners[5] + corners[8]) / 3;
            } else {
                int c = prims.vertex(p, 0);
                tx = gi.vertices()[c];
                ty = gi.vertices()[c + 1];
                tz = gi.vertices()[c + 2];
            }
            float ox = (float) rnd.nextGaussian(), oy = (float) rnd.nextGaussian(), oz = (float) rnd.nextGaussian();
            float len = (float) Math.sqrt(ox * ox + oy * oy + oz * oz) / 5f; // origin 5 units out
            ox /= len; oy /= len; oz /= len;
            float dx = tx - ox, dy = ty - oy, dz = tz - oz;
            float inv = 1f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            dx *= inv; dy *= inv; dz *= inv;

            hit.reset(Float.POSITIVE_INFINITY);
            assertTrue(traversal.closest(ox, oy, oz, dx, dy, dz, 0f, hit), "primitive " + p + " not reached");
            assertFalse(hit.overflow);
            float brute = bruteForce(gi, ox, oy, oz, dx, dy, dz);
            assertEquals(brute, hit.t, 0f, "primitive " + p + ": traversal disagrees with brute force");
        }
    }

    @ParameterizedTest
    @EnumSource(NodeKind.class)
    void randomRaysMatchBruteForce(NodeKind kind) {
        GeometryImage gi = GeometryImagePacker.pack(TestScenes.randomSoup(5, 1000, 200));
        Traversal traversal = new Traversal(gi, kind);
        Random rnd = new Random(2);
        Hit hit = new Hit();
        for (int i = 0; i < 5000; i++) {
            float ox = rnd.nextFloat() * 6 - 3, oy = rnd.nextFloat() * 6 - 3, oz = rnd.nextFloat() * 6 - 3;
            float dx = (float) rnd.nextGaussian(), dy = (float) rnd.nextGaussian(), dz = (float) rnd.nextGaussian();
            float inv = 1f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            dx *= inv; dy *= inv; dz *= inv;
            hit.reset(Float.POSITIVE_INFINITY);
            traversal.closest(ox, oy, oz, dx, dy, dz, 0f, hit);
            assertEquals(bruteForce(gi, ox, oy, oz, dx, dy, dz), hit.t, 0f, "ray " + i);
            boolean occluded = traversal.occluded(ox, oy, oz, dx, dy, dz, 0f, 1f, new Hit());
            assertEquals(hit.t < 1f, occluded, "shadow ray " + i);
        }
    }

    /** A tree taller than the box walk's stack (laid out balanced by BoxLayout) is walked to the same hits. */
    @Test
    void aTreeTallerThanTheStackFindsTheSameHits() {
        GeometryImage gi = CaterpillarImage.of(BoxLayout.STACK_SIZE + 8);
        Traversal boxes = new Traversal(gi, NodeKind.BOXES), spheres = new Traversal(gi, NodeKind.SPHERES);
        Random rnd = new Random(3);
        Hit a = new Hit(), b = new Hit();
        int hits = 0;
        for (int i = 0; i < 3000; i++) {
            // from above the row of triangles, towards a random point on it
            float ox = rnd.nextFloat() * 40, oy = rnd.nextFloat() * 2 - 0.5f, oz = 1 + rnd.nextFloat() * 3;
            float dx = rnd.nextFloat() * 40 - ox, dy = rnd.nextFloat() - oy, dz = -oz;
            float inv = 1f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            dx *= inv; dy *= inv; dz *= inv;
            a.reset(Float.POSITIVE_INFINITY);
            b.reset(Float.POSITIVE_INFINITY);
            boolean found = boxes.closest(ox, oy, oz, dx, dy, dz, 0f, a);
            assertEquals(spheres.closest(ox, oy, oz, dx, dy, dz, 0f, b), found, "ray " + i);
            assertFalse(a.overflow, "ray " + i);
            assertEquals(b.t, a.t, 0f, "ray " + i);
            assertEquals(b.primitive, a.primitive, "ray " + i);
            assertEquals(bruteForce(gi, ox, oy, oz, dx, dy, dz), a.t, 0f, "ray " + i);
            if (found) hits++;
        }
        assertTrue(hits > 300, "rays must hit the row of triangles, " + hits + " did");
    }

    /** Closest hit by testing every primitive with the same intersection code via a one-leaf, one-instance image. */
    private static float bruteForce(GeometryImage gi, float ox, float oy, float oz, float dx, float dy, float dz) {
        float[] leaf = {0, 0, 0, Float.MAX_VALUE, Float.intBitsToFloat(END), Float.intBitsToFloat(END),
                Float.intBitsToFloat(gi.primitiveCount()), Float.intBitsToFloat(0)};
        float[] top = {0, 0, 0, Float.MAX_VALUE, Float.intBitsToFloat(END), Float.intBitsToFloat(END),
                Float.intBitsToFloat(1), Float.intBitsToFloat(0)};
        float[] identity = new float[4 * INSTANCE_TEXELS];
        for (int block = 0; block < 4; block++) {
            for (int r = 0; r < 3; r++) identity[12 * block + 4 * r + r] = 1;
        }
        identity[48] = Float.intBitsToFloat(0);
        identity[49] = Float.intBitsToFloat(1);
        GeometryImage flat = new GeometryImage(leaf, gi.primitives(), gi.vertices(), top, identity, gi.materials(),
                gi.lights(), 1, 1, 1, gi.triangleCount(), gi.sphereCount(), gi.primitiveCount(), gi.materialCount(),
                gi.lightCount(), 2, 4, gi.sceneRadius(), gi.sceneCenter(), gi.motion());
        Hit h = new Hit();
        h.reset(Float.POSITIVE_INFINITY);
        new Traversal(flat, NodeKind.SPHERES).closest(ox, oy, oz, dx, dy, dz, 0f, h);
        return h.t;
    }
}
