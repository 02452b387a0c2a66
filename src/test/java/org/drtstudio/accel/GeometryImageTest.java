package org.drtstudio.accel;

import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class GeometryImageTest {

    @Test
    void randomSoupSatisfiesAllInvariants() {
        for (long seed = 1; seed <= 5; seed++) {
            GeometryImage gi = GeometryImagePacker.pack(TestScenes.randomSoup(seed, 2000, 300));
            List<String> problems = GeometryImageValidator.validate(gi);
            assertTrue(problems.isEmpty(), "seed " + seed + ": " + problems);
            assertEquals(2300, gi.primitiveCount());
            assertTrue(gi.hierarchyDepth() < 64, "depth " + gi.hierarchyDepth());
        }
    }

    @Test
    void singlePrimitiveIsOneLeaf() {
        GeometryImage gi = GeometryImagePacker.pack(TestScenes.randomSoup(7, 0, 1));
        assertEquals(1, gi.nodeCount());
        assertEquals(1, gi.topNodeCount());
        assertEquals(GeometryImageLayout.END, Float.floatToRawIntBits(gi.nodes()[5]));
        assertEquals(GeometryImageLayout.END, Float.floatToRawIntBits(gi.topNodes()[5]));
        assertTrue(GeometryImageValidator.validate(gi).isEmpty());
    }

    @Test
    void coincidentPrimitivesStillSplitIntoSmallLeaves() {
        // 1000 copies of the same sphere: SAH finds no split; the builder must still bound leaf size.
        var scene = TestScenes.randomSoup(3, 0, 1);
        var sphere = ((org.drtstudio.scene.SphereNode) scene.root().children().get(0)).spheres().get(0);
        var many = new org.drtstudio.scene.SphereNode("same", java.util.Collections.nCopies(1000, sphere));
        var s2 = TestScenes.scene(List.of(many), scene.materials(), scene.lights(), scene.camera());
        GeometryImage gi = GeometryImagePacker.pack(s2);
        assertTrue(GeometryImageValidator.validate(gi).isEmpty());
        for (int i = 0; i < gi.nodeCount(); i++) {
            assertTrue(Float.floatToRawIntBits(gi.nodes()[8 * i + 6]) <= SphereHierarchyBuilder.MAX_LEAF_SIZE);
        }
    }

    @Test
    void validatorCatchesBackwardSkipLinkAndEscapingChild() {
        GeometryImage gi = GeometryImagePacker.pack(TestScenes.randomSoup(11, 100, 0));
        float[] nodes = gi.nodes().clone();
        nodes[8 * 3 + 5] = Float.intBitsToFloat(1); // node 3 skips back to node 1
        GeometryImage broken = withNodes(gi, nodes);
        assertFalse(GeometryImageValidator.validate(broken).isEmpty());

        float[] shrunk = gi.nodes().clone();
        shrunk[8 * 1 + 3] *= 0.5f; // first child's sphere no longer holds its primitives
        GeometryImage broken2 = withNodes(gi, shrunk);
        assertFalse(GeometryImageValidator.validate(broken2).isEmpty());
    }

    static GeometryImage withNodes(GeometryImage gi, float[] nodes) {
        return new GeometryImage(nodes, gi.primitives(), gi.vertices(), gi.topNodes(), gi.instances(), gi.materials(),
                gi.lights(), gi.nodeCount(), gi.topNodeCount(), gi.instanceCount(), gi.triangleCount(), gi.sphereCount(),
                gi.instancedPrimitiveCount(), gi.materialCount(), gi.lightCount(), gi.hierarchyDepth(), gi.stepBound(),
                gi.sceneRadius(), gi.sceneCenter(), gi.motion());
    }

    @Test
    void layoutDefinesReachGlsl() {
        var defines = GeometryImageLayout.glslDefines();
        assertEquals(Integer.toString(GeometryImageLayout.TEXTURE_WIDTH), defines.get("GI_TEXTURE_WIDTH"));
        assertEquals("-1", defines.get("GI_END"));
    }
}
