package org.drtstudio.accel;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.GroundPlane;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.drtstudio.accel.GeometryImageLayout.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The ground plane as the geometry image packs it: a record naming a triangle on the plane (v0 on
 * it, edges one texture repeat along its tangents, the plane's material) and an identity instance
 * that no top-level node names, so no bounding volume holds the plane.
 */
class GroundShapeTest {
    private static Scene scene(GroundPlane ground) {
        Matrix4f far = new Matrix4f().translate(50, 3, -20);
        RenderSettings rs = new RenderSettings(8, 8, 1, 4, 0, Vec3.ZERO, Vec3.ZERO, 1, 0, 0).withGround(ground);
        return new Scene("g", TransformNode.group("root", List.of(
                new SphereNode("ball", List.of(new Sphere(new Vec3(0, 1, 0), 0.5f, 0))),
                new TransformNode("moved", far, List.of(new SphereNode("other", List.of(new Sphere(Vec3.ZERO, 1, 1))))))),
                List.of(Material.named("a").build(), Material.named("b").build()), List.of(new PointLight(new Vec3(0, 5, 0), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 2, 5), Vec3.ZERO, new Vec3(0, 1, 0), 40, 0, 0), rs);
    }

    @Test
    void theRecordNamesATriangleOnThePlaneShadedThroughAnIdentityInstance() {
        GroundPlane plane = new GroundPlane(new Vec3(1, -2, 3), new Vec3(0, 2, 0), 1, 4);
        GeometryImage gi = GeometryImagePacker.pack(scene(plane));
        assertTrue(gi.hasGround());
        float[] g = gi.ground();
        int primitive = Float.floatToRawIntBits(g[GroundField.PRIMITIVE]), instance = Float.floatToRawIntBits(g[GroundField.INSTANCE]);
        assertArrayEquals(new float[]{1, -2, 3}, slice(g, GroundField.ORIGIN), "v0 is the plane's point");
        assertArrayEquals(new float[]{4, 0, 0}, slice(g, GroundField.EDGE_U), "u: +x, one repeat long");
        assertArrayEquals(new float[]{0, 0, -4}, slice(g, GroundField.EDGE_V), "v: -z, one repeat long");
        int info = Float.floatToRawIntBits(gi.primitives()[4 * PRIMITIVE_TEXELS * primitive + 3]);
        assertEquals(KIND_TRIANGLE, kindOf(info));
        assertEquals(1, materialOf(info), "the plane's material");
        int v0 = Float.floatToRawIntBits(gi.primitives()[4 * PRIMITIVE_TEXELS * primitive]);
        assertEquals(1f, gi.vertices()[4 * VERTEX_TEXELS * v0 + VertexField.POSITION], "the primitive's v0 is the record's");
        assertEquals(1f, gi.vertices()[4 * VERTEX_TEXELS * v0 + VertexField.NORMAL + 1], "its normal the plane's, unit length");
        // The instance after the two the top level reaches, with identity rows.
        assertEquals(2, gi.instanceCount());
        assertEquals(2, instance);
        assertEquals(4 * INSTANCE_TEXELS * 3, gi.instances().length);
        float[] identityRows = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
        for (int m : new int[]{InstanceField.TO_OBJECT_OPEN, InstanceField.TO_OBJECT_CLOSE, InstanceField.TO_WORLD_OPEN, InstanceField.TO_WORLD_CLOSE})
            assertArrayEquals(identityRows, java.util.Arrays.copyOfRange(gi.instances(), 4 * INSTANCE_TEXELS * instance + m,
                    4 * INSTANCE_TEXELS * instance + m + 12));
        for (int node = 0; node < gi.topNodeCount(); node++) {
            int o = 4 * NODE_TEXELS * node;
            int count = Float.floatToRawIntBits(gi.topNodes()[o + NodeField.PRIM_COUNT]);
            if (count > 0) assertNotEquals(instance, Float.floatToRawIntBits(gi.topNodes()[o + NodeField.PRIM_START]), "a top node names the ground");
            assertTrue(gi.topNodes()[o + NodeField.RADIUS] < 60, "a bounding sphere holds the plane: " + gi.topNodes()[o + NodeField.RADIUS]);
        }
        assertEquals(List.of(), GeometryImageValidator.validate(gi));
    }

    @Test
    void withoutAGroundThereIsNoRecordAndNoExtraInstance() {
        GeometryImage gi = GeometryImagePacker.pack(scene(null));
        assertFalse(gi.hasGround());
        assertEquals(4 * INSTANCE_TEXELS * 2, gi.instances().length);
    }

    @Test
    void theSamePlaneKeepsTheShapeLevelAndAMaterialOutOfRangeIsRefused() {
        GeometryImageBuilder builder = new GeometryImageBuilder();
        Scene s = scene(GroundPlane.atHeight(0, 0));
        GeometryImage first = builder.build(s);
        GeometryImage second = builder.build(s.withSettings(s.settings().withGround(GroundPlane.atHeight(0, 0))));
        assertSame(first.primitives(), second.primitives(), "an equal plane rebuilds nothing of the shape level");
        GeometryImage raised = builder.build(s.withSettings(s.settings().withGround(GroundPlane.atHeight(1, 0))));
        assertEquals(1f, raised.ground()[GroundField.ORIGIN + 1], "a moved plane is packed again");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> builder.build(s.withSettings(s.settings().withGround(GroundPlane.atHeight(0, 5)))));
        assertTrue(e.getMessage().contains("ground plane") && e.getMessage().contains("5"), e.getMessage());
    }

    private static float[] slice(float[] a, int from) {
        return java.util.Arrays.copyOfRange(a, from, from + 3);
    }
}
