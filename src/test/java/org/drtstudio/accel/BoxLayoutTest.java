package org.drtstudio.accel;

import org.drtstudio.scene.Scene;
import org.drtstudio.testing.CaterpillarImage;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class BoxLayoutTest {

    @Test
    void theBuilderMakesTheLayoutOnceWithTheShapeLevel() {
        Scene scene = TestScenes.randomSoup(3, 700, 150);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        GeometryImage first = builder.build(scene);
        assertNotNull(first.boxLayout(), "made by accel as part of the image");
        assertEquals(List.of(), GeometryImageValidator.validate(first));
        GeometryImage again = builder.build(scene.withCamera(scene.camera()));
        assertSame(first.boxLayout(), again.boxLayout(), "same shapes: the same layout, so uploads can skip it");
        GeometryImage other = builder.build(TestScenes.randomSoup(4, 700, 150));
        assertNotSame(first.boxLayout(), other.boxLayout());
    }

    @Test
    void oneInnerNodePerPairOfChildrenAndEveryPrimitiveCopiedInLeafOrder() {
        GeometryImage gi = new GeometryImageBuilder().build(TestScenes.randomSoup(8, 500, 60));
        BoxLayout layout = gi.boxLayout();
        // A binary tree of k leaves has k - 1 inner nodes; the sphere tree has 2k - 1 nodes per shape.
        int shapes = layout.rootLinks().length;
        assertEquals((gi.nodeCount() - shapes) / 2, layout.nodeCount());
        assertEquals(4L * BoxLayout.PRIMITIVE_TEXELS * 4 * gi.primitiveCount(), layout.primitiveBytes());
        assertEquals(4L * BoxLayout.NODE_TEXELS * 4 * layout.nodeCount(), layout.nodeBytes());
    }

    @Test
    void aShapeThatIsOneLeafGetsARootNode() {
        GeometryImage gi = new GeometryImageBuilder().build(TestScenes.randomSoup(2, 1, 1));
        BoxLayout layout = gi.boxLayout();
        assertEquals(2, layout.rootLinks().length);
        for (int root : layout.rootLinks()) assertTrue(root >= 0, "roots are inner nodes");
        assertEquals(List.of(), GeometryImageValidator.validate(gi));
    }

    /**
     * Only the part of a too-tall tree that cannot fit is balanced: the caterpillar's top keeps
     * its built shape (a leaf beside the rest of the chain), and the layout is as tall as allowed.
     * Balancing the whole shape made a generated city's rays 1.4-1.9x slower on the GPU.
     */
    @Test
    void aTreeTallerThanTheStackIsBalancedOnlyWhereTooDeep() {
        GeometryImage tall = CaterpillarImage.of(BoxLayout.STACK_SIZE + 8);
        assertTrue(tall.hierarchyDepth() > BoxLayout.STACK_SIZE, "the sphere tree must be taller than the stack");
        BoxLayout layout = BoxLayout.of(tall);
        assertEquals(BoxLayout.STACK_SIZE, layout.height(), "as tall as the stack allows");
        float[] nodes = layout.nodes();
        int root = 4 * BoxLayout.NODE_TEXELS * layout.rootLinks()[0];
        int a = Float.floatToRawIntBits(nodes[root + BoxLayout.BoxNodeField.LINK_A]);
        int b = Float.floatToRawIntBits(nodes[root + BoxLayout.BoxNodeField.LINK_B]);
        assertTrue(a < 0 ^ b < 0, "the root as built: one leaf and the rest of the chain, not two balanced halves");
        assertEquals(List.of(), GeometryImageValidator.validate(tall));
    }

    @Test
    void theParallelLayoutEqualsTheRecursiveWriterByteForByte() {
        // Large enough that every parallel pass runs in several chunks; two shapes (a mesh and
        // spheres); and a scene whose shapes are single leaves.
        for (Scene scene : List.of(TestScenes.randomSoup(5, 40_000, 3_000), TestScenes.randomSoup(6, 1, 1))) {
            GeometryImage gi = new GeometryImageBuilder().build(scene);
            assertEquals(List.of(), GeometryImageValidator.validate(gi), "the image packed in parallel chunks holds its invariants");
            List<int[]> shapes = BoxTree.shapesOf(gi);
            BoxLayout parallel = BoxLayout.build(gi.nodes(), gi.nodeCount(), gi.primitives(), gi.vertices(), shapes, false);
            BoxLayout serial = BoxLayout.build(gi.nodes(), gi.nodeCount(), gi.primitives(), gi.vertices(), shapes, true);
            assertEquals(serial.nodeCount(), parallel.nodeCount());
            assertEquals(serial.height(), parallel.height());
            assertArrayEquals(serial.rootLinks(), parallel.rootLinks());
            assertArrayEquals(serial.shapeHeights(), parallel.shapeHeights());
            assertArrayEquals(serial.sphereRoots(), parallel.sphereRoots());
            assertArrayEquals(bits(serial.nodes()), bits(parallel.nodes()), "nodes, bit for bit");
            assertArrayEquals(bits(serial.primitives()), bits(parallel.primitives()), "primitives, bit for bit");
            assertArrayEquals(bits(serial.nodes()), bits(gi.boxLayout().nodes()), "the builder's layout is the same");
        }
    }

    private static int[] bits(float[] a) {
        int[] b = new int[a.length];
        for (int i = 0; i < a.length; i++) b[i] = Float.floatToRawIntBits(a[i]);
        return b;
    }

    /**
     * Adding, removing and reordering shapes lays out only the new ones and copies the rest from the
     * last layout, moving their links: the result is the layout derived from the whole image anew,
     * byte for byte. The soups' leaves hold several primitives, so moved leaf words are covered; a
     * tall caterpillar-free scene keeps every shape low, the balanced case is covered below.
     */
    @Test
    void aLevelAssembledFromTheLastLayoutEqualsOneBuiltAnew() {
        Scene a = TestScenes.randomSoup(11, 30_000, 400), b = TestScenes.randomSoup(12, 3_000, 0), c = TestScenes.randomSoup(13, 1, 1);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        List<List<Scene>> edits = List.of(List.of(a), List.of(a, b), List.of(a, b, c), List.of(b, c), List.of(c, b, a), List.of(a));
        BoxLayout last = null;
        for (List<Scene> parts : edits) {
            List<org.drtstudio.scene.SceneNode> roots = new ArrayList<>();
            for (Scene p : parts) roots.add(p.root());
            GeometryImage gi = builder.build(TestScenes.scene(roots, a.materials(), a.lights(), a.camera()));
            BoxLayout made = gi.boxLayout(), derived = BoxLayout.derive(gi);
            String what = parts.size() + " soups";
            assertNotSame(last, made, what);
            assertEquals(derived.nodeCount(), made.nodeCount(), what);
            assertEquals(derived.height(), made.height(), what);
            assertArrayEquals(derived.shapeHeights(), made.shapeHeights(), what);
            assertArrayEquals(derived.rootLinks(), made.rootLinks(), what);
            assertArrayEquals(derived.sphereRoots(), made.sphereRoots(), what);
            assertArrayEquals(bits(derived.nodes()), bits(made.nodes()), what + ": nodes, bit for bit");
            assertArrayEquals(bits(derived.primitives()), bits(made.primitives()), what + ": primitives, bit for bit");
            assertEquals(List.of(), GeometryImageValidator.validate(gi), what);
            last = made;
        }
    }

    /** A level of one shape laid out whole (a large mesh's linear BVH) takes that layout's arrays as they are. */
    @Test
    void aWholeOneShapeLayoutIsTakenWithoutACopy() {
        GeometryImage gi = new GeometryImageBuilder().build(TestScenes.randomSoup(3, 300, 0));
        BoxLayout l = gi.boxLayout(), derived = BoxLayout.derive(gi);
        assertEquals(1, l.rootLinks().length, "one shape");
        BoxLayout whole = BoxLayout.assemble(List.of(new BoxLayout.Part(l, 0, 0, gi.primitiveCount(), 0)), l.sphereRoots(), gi.primitiveCount());
        assertSame(l.nodes(), whole.nodes());
        assertSame(l.primitives(), whole.primitives());
        assertEquals(derived.height(), whole.height());
        assertArrayEquals(derived.rootLinks(), whole.rootLinks());
        assertArrayEquals(derived.shapeHeights(), whole.shapeHeights());
        assertArrayEquals(bits(derived.nodes()), bits(whole.nodes()), "nodes, bit for bit");
        // Placed elsewhere in a level, it is copied with its leaves moved.
        BoxLayout moved = BoxLayout.assemble(List.of(new BoxLayout.Part(l, 0, 0, gi.primitiveCount(), 1)), l.sphereRoots(), gi.primitiveCount() + 1);
        assertNotSame(l.nodes(), moved.nodes());
    }

    @Test
    void aMovedLeafThatNoLongerFitsItsWordIsRefused() {
        GeometryImage gi = new GeometryImageBuilder().build(TestScenes.randomSoup(3, 300, 0));
        BoxLayout l = gi.boxLayout();
        BoxLayout.Part far = new BoxLayout.Part(l, 0, 0, gi.primitiveCount(), (1 << (31 - BoxLayout.LEAF_COUNT_BITS)) - 10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BoxLayout.assemble(List.of(far), l.sphereRoots(), 1 << 10));
        assertTrue(e.getMessage().contains("does not fit the box layout's leaf word"), e.getMessage());
    }

    @Test
    void theValidatorCatchesBrokenLayouts() {
        GeometryImage gi = new GeometryImageBuilder().build(TestScenes.randomSoup(3, 300, 20));
        BoxLayout good = gi.boxLayout();
        float[] nodes = good.nodes().clone(), prims = good.primitives().clone();
        // Child b of node 1 shrinks to its lower corner; a copied vertex moves.
        for (int a = 0; a < 3; a++) nodes[4 * BoxLayout.NODE_TEXELS + 12 + a] = nodes[4 * BoxLayout.NODE_TEXELS + 8 + a];
        prims[4 * BoxLayout.PRIMITIVE_TEXELS * 7] += 0.5f;
        BoxLayout broken = new BoxLayout(nodes, prims, good.nodeCount(), good.sphereRoots(), good.rootLinks(), good.height(), good.shapeHeights());
        List<String> problems = new ArrayList<>();
        GeometryImageValidator.checkBoxLayout(gi, broken, problems);
        assertTrue(problems.stream().anyMatch(p -> p.contains("sticks out of box node 1") || p.contains("stick out of their parent's box in node 1")),
                problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.equals("primitive 7: the box layout's copy differs from the geometry image")),
                problems.toString());
    }
}
