package org.drtstudio.accel;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

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

    /** Each light kind's four texels, as the shaders and the CPU sampler read them; a point light is a sphere of radius 0. */
    @Test
    void eachLightKindPacksItsTexels() {
        Vec3 at = new Vec3(1, 2, 3), colour = new Vec3(1, 0.5f, 0.25f);
        float sphere = Float.intBitsToFloat(GeometryImageLayout.LIGHT_SPHERE), rect = Float.intBitsToFloat(GeometryImageLayout.LIGHT_RECTANGLE);
        float[] packed = GeometryImagePacker.packLights(List.of(new PointLight(at, colour, 2), new SphereLight(at, colour, 2, 0.5f),
                new RectLight(at, colour, 2, new Vec3(4, 0, 0), new Vec3(0, 0, 5))));
        float[] expected = {
                1, 2, 3, 0, 2, 1, 0.5f, sphere, 0, 0, 0, 0, 0, 0, 0, 0,
                1, 2, 3, 0.5f, 2, 1, 0.5f, sphere, 0, 0, 0, 0, 0, 0, 0, 0,
                1, 2, 3, 0, 2, 1, 0.5f, rect, 4, 0, 0, 0, 0, 0, 5, 0};
        assertEquals(expected.length, packed.length, "four texels a light");
        for (int i = 0; i < expected.length; i++)
            assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(packed[i]), "float " + i);
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

    /**
     * Every public int constant of the three layouts reaches GLSL under its own name with its value
     * (the defines are derived from the constants by GlslConstants, so this checks the derivation:
     * nothing dropped, nothing renamed, nothing from a nested class of Java-only float offsets).
     */
    @Test
    void everyLayoutConstantReachesGlslWithItsValue() throws IllegalAccessException {
        Map<String, String> expected = new TreeMap<>();
        expected.putAll(publicIntConstants(GeometryImageLayout.class, "GI_"));
        expected.putAll(publicIntConstants(BoxLayout.class, "BL_"));
        expected.putAll(publicIntConstants(SpatialLayout.class, "AX_"));
        assertTrue(expected.size() > 40, "constants found: " + expected.keySet());
        assertEquals(expected, new TreeMap<>(GeometryImageLayout.glslDefines()));
        assertEquals("7", GeometryImageLayout.glslDefines().get("GI_MATERIAL_TEXELS"));
        assertEquals(Integer.toString((1 << BoxLayout.LEAF_COUNT_BITS) - 1), GeometryImageLayout.glslDefines().get("BL_LEAF_COUNT_MASK"));
        assertFalse(GeometryImageLayout.glslDefines().containsKey("GI_TRANSPARENCY"), "float offsets are Java's alone");
    }

    /** The float offsets the Java writers and the CPU twin use are the texel offsets' texel * 4 + component. */
    @Test
    void fieldOffsetsLieInTheirTexels() {
        assertEquals(4 * GeometryImageLayout.MATERIAL_SPECULAR + 3, GeometryImageLayout.MaterialField.TRANSPARENCY);
        assertEquals(4 * GeometryImageLayout.MATERIAL_LOBE + 2, GeometryImageLayout.MaterialField.MAPS);
        assertEquals(4 * GeometryImageLayout.LIGHT_COLOR + 3, GeometryImageLayout.LightField.SHAPE);
        assertEquals(4 * GeometryImageLayout.INSTANCE_SHAPE, GeometryImageLayout.InstanceField.ROOT);
        assertEquals(4 * GeometryImageLayout.NODE_LINKS + 3, GeometryImageLayout.NodeField.PRIM_START);
        assertEquals(4 * BoxLayout.CHILD_A_HI + 3, BoxLayout.BoxNodeField.LINK_B);
        assertTrue(GeometryImageLayout.MaterialField.BUMP_MAP + 3 < 4 * GeometryImageLayout.MATERIAL_TEXELS);
        assertTrue(GeometryImageLayout.InstanceField.NODE_COUNT < 4 * GeometryImageLayout.INSTANCE_TEXELS);
    }

    /** Offsets inside a record are distinct and lie inside it: no two names for one texel, none past the end. */
    @Test
    void texelOffsetsLieInsideTheirRecords() {
        assertOffsets(GeometryImageLayout.NODE_TEXELS, GeometryImageLayout.NODE_SPHERE, GeometryImageLayout.NODE_LINKS);
        assertOffsets(GeometryImageLayout.VERTEX_TEXELS, GeometryImageLayout.VERTEX_POSITION, GeometryImageLayout.VERTEX_NORMAL);
        assertOffsets(GeometryImageLayout.MATERIAL_TEXELS, GeometryImageLayout.MATERIAL_AMBIENT, GeometryImageLayout.MATERIAL_DIFFUSE,
                GeometryImageLayout.MATERIAL_SPECULAR, GeometryImageLayout.MATERIAL_ABSORPTION, GeometryImageLayout.MATERIAL_LOBE,
                GeometryImageLayout.MATERIAL_DIFFUSE_MAP, GeometryImageLayout.MATERIAL_BUMP_MAP);
        assertOffsets(GeometryImageLayout.LIGHT_TEXELS, GeometryImageLayout.LIGHT_POSITION, GeometryImageLayout.LIGHT_COLOR,
                GeometryImageLayout.LIGHT_EDGE_U, GeometryImageLayout.LIGHT_EDGE_V);
        // An instance: four 3-texel matrices, then the shape texel.
        assertOffsets(GeometryImageLayout.INSTANCE_TEXELS, GeometryImageLayout.INSTANCE_TO_OBJECT_OPEN,
                GeometryImageLayout.INSTANCE_TO_OBJECT_OPEN + 1, GeometryImageLayout.INSTANCE_TO_OBJECT_OPEN + 2,
                GeometryImageLayout.INSTANCE_TO_OBJECT_CLOSE, GeometryImageLayout.INSTANCE_TO_OBJECT_CLOSE + 1,
                GeometryImageLayout.INSTANCE_TO_OBJECT_CLOSE + 2, GeometryImageLayout.INSTANCE_TO_WORLD_OPEN,
                GeometryImageLayout.INSTANCE_TO_WORLD_OPEN + 1, GeometryImageLayout.INSTANCE_TO_WORLD_OPEN + 2,
                GeometryImageLayout.INSTANCE_TO_WORLD_CLOSE, GeometryImageLayout.INSTANCE_TO_WORLD_CLOSE + 1,
                GeometryImageLayout.INSTANCE_TO_WORLD_CLOSE + 2, GeometryImageLayout.INSTANCE_SHAPE);
        assertOffsets(BoxLayout.NODE_TEXELS, BoxLayout.CHILD_A_LO, BoxLayout.CHILD_A_HI, BoxLayout.CHILD_B_LO, BoxLayout.CHILD_B_HI);
        assertOffsets(BoxLayout.PRIMITIVE_TEXELS, BoxLayout.PRIMITIVE_V0, BoxLayout.PRIMITIVE_E1, BoxLayout.PRIMITIVE_E2);
    }

    private static void assertOffsets(int texels, int... offsets) {
        Set<Integer> seen = new HashSet<>();
        for (int o : offsets) {
            assertTrue(o >= 0 && o < texels, "offset " + o + " outside a record of " + texels + " texels");
            assertTrue(seen.add(o), "two names for texel " + o);
        }
    }

    private static Map<String, String> publicIntConstants(Class<?> layout, String prefix) throws IllegalAccessException {
        Map<String, String> found = new TreeMap<>();
        for (Field f : layout.getFields()) {
            int m = f.getModifiers();
            if (f.getType() == int.class && Modifier.isStatic(m) && Modifier.isFinal(m)) {
                found.put(prefix + f.getName(), Integer.toString(f.getInt(null)));
            }
        }
        return found;
    }
}
