package org.drtstudio.accel;

import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The DRT paper's non-binary sphere trees (SphereThrowBack, GeometryImageBuilder.throwBack): bad
 * child spheres are thrown back into their parents, the image keeps every invariant, and the
 * box layout, which is binary, refuses them (the sphere walk's hits: ThrowBackTraversalTest).
 */
class SphereThrowBackTest {
    private static final Scene SOUP = TestScenes.randomSoup(5, 4_000, 150);

    private static GeometryImage build(Scene s, float ratio) {
        GeometryImageBuilder b = new GeometryImageBuilder();
        b.throwBack(ratio);
        return b.build(s);
    }

    @Test
    void badSpheresAreThrownBackSoSomeNodesHaveMoreThanTwoChildren() {
        GeometryImage binary = new GeometryImageBuilder().build(SOUP), thrown = build(SOUP, 0.8f);
        int[] two = SphereThrowBack.arity(binary.nodes(), binary.nodeCount());
        int[] wide = SphereThrowBack.arity(thrown.nodes(), thrown.nodeCount());
        assertEquals(2, two[1], "the binary build has two children a node");
        assertTrue(wide[1] > 2, "some node has more than two children: at most " + wide[1]);
        assertTrue(thrown.nodeCount() < binary.nodeCount(), thrown.nodeCount() + " nodes against " + binary.nodeCount());
        assertEquals(binary.nodeCount() - thrown.nodeCount(), two[0] - wide[0], "only inner nodes are removed");
        assertEquals(List.of(), GeometryImageValidator.validate(thrown));
        assertNull(thrown.boxLayout(), "no box layout: it is binary");
    }

    /** The defining property: no kept child's sphere is at least the ratio of its parent's. */
    @Test
    void noKeptChildIsAsLargeAsTheRatioOfItsParent() {
        float ratio = 0.8f;
        SphereHierarchy binary = SphereHierarchyBuilder.build(flatOf(SOUP));
        SphereHierarchy h = SphereThrowBack.apply(binary, ratio);
        int checked = 0;
        for (int i = 0; i < h.nodeCount(); i++) {
            if (h.isLeaf(i)) continue;
            int end = h.miss()[i] == GeometryImageLayout.END ? h.nodeCount() : h.miss()[i];
            for (int c = i + 1; c < end; c = h.miss()[c] == GeometryImageLayout.END ? end : h.miss()[c]) {
                if (!h.isLeaf(c)) {
                    assertTrue(h.spheres()[4 * c + 3] < ratio * h.spheres()[4 * i + 3], "inner node " + c + " under " + i);
                    checked++;
                }
            }
        }
        assertTrue(checked > 100, "inner children checked: " + checked);
        assertTrue(SphereThrowBack.depthOf(h.hit(), h.miss(), h.primCount()) < binary.depth(), "throwing back shortens the tree");
        assertSame(binary, SphereThrowBack.apply(binary, 1f), "no child sphere is as large as its parent's");
    }

    @Test
    void theBoxLayoutRefusesANonBinaryTreeWithTheReason() {
        GeometryImage thrown = build(SOUP, 0.8f);
        var e = assertThrows(IllegalArgumentException.class, () -> BoxLayout.derive(thrown));
        assertTrue(e.getMessage().contains("more than two children"), e.getMessage());
    }

    /** The validator's n-ary parent rule can fail: a child sphere moved out of its parent is reported. */
    @Test
    void theValidatorFindsAChildOutsideItsParentInAWideNode() {
        GeometryImage thrown = build(SOUP, 0.8f);
        int wide = -1;
        for (int i = 0; i < thrown.nodeCount() && wide < 0; i++) {
            int count = 0, miss = link(thrown, i, 1);
            if (link(thrown, i, 0) == miss) continue;
            int last = -1;
            for (int c = i + 1; c != GeometryImageLayout.END && c != miss; c = link(thrown, c, 1)) {
                count++;
                last = c;
            }
            if (count > 2) wide = last; // the third or later child: found only by following skip links
        }
        assertTrue(wide > 0, "a node with more than two children");
        int moved = wide;
        thrown.nodes()[4 * GeometryImageLayout.NODE_TEXELS * moved] += 1e4f;
        List<String> problems = GeometryImageValidator.validate(thrown);
        assertTrue(problems.stream().anyMatch(p -> p.contains("node " + moved + "'s sphere is not inside its parent")), problems.toString());
    }

    @Test
    void aRatioOutsideZeroToOneIsRefused() {
        GeometryImageBuilder b = new GeometryImageBuilder();
        for (float bad : new float[]{-0.5f, 1.5f, Float.NaN}) {
            var e = assertThrows(IllegalArgumentException.class, () -> b.throwBack(bad));
            assertTrue(e.getMessage().contains("(0, 1]"), e.getMessage());
        }
    }

    private static int link(GeometryImage gi, int node, int component) {
        return Float.floatToRawIntBits(gi.nodes()[4 * (GeometryImageLayout.NODE_TEXELS * node + 1) + component]);
    }

    private static FlatScene flatOf(Scene s) {
        org.drtstudio.scene.TriangleMesh m = TestScenes.meshes(s.root()).get(0).mesh();
        return new FlatScene(m.positions(), m.indices(), m.triangleMaterials(), new float[0], new int[0]);
    }
}
