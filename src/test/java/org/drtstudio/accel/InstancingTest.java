package org.drtstudio.accel;

import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class InstancingTest {

    private static TriangleMesh soupMesh() {
        return ((MeshNode) TestScenes.randomSoup(3, 500, 0).root().children().get(0)).mesh();
    }

    private static org.drtstudio.scene.Scene placed(TriangleMesh mesh, int copies, float offset) {
        List<SceneNode> nodes = new ArrayList<>();
        for (int i = 0; i < copies; i++) {
            nodes.add(new TransformNode("copy" + i, new Matrix4f().translate(3 * i + offset, 0, 0).rotateY(0.3f * i),
                    List.of(new MeshNode("m", mesh))));
        }
        var base = TestScenes.randomSoup(3, 500, 0);
        return TestScenes.scene(nodes, base.materials(), base.lights(), base.camera());
    }

    @Test
    void aMeshUnderManyTransformsIsStoredOnce() {
        TriangleMesh mesh = soupMesh();
        GeometryImage one = GeometryImagePacker.pack(placed(mesh, 1, 0));
        GeometryImage ten = GeometryImagePacker.pack(placed(mesh, 10, 0));
        assertEquals(one.nodes().length, ten.nodes().length);
        assertEquals(one.primitives().length, ten.primitives().length);
        assertEquals(one.vertices().length, ten.vertices().length);
        assertEquals(10, ten.instanceCount());
        assertEquals(10L * mesh.triangleCount(), ten.instancedPrimitiveCount());
        // The image grows by the instance records and the top-level nodes over them, nothing else.
        long growth = ten.dataBytes() - one.dataBytes();
        long topGrowth = ten.topLevelBytes() - one.topLevelBytes();
        assertEquals(topGrowth, growth);
        assertEquals(9L * 4 * 4 * GeometryImageLayout.INSTANCE_TEXELS + 18L * 4 * 4 * GeometryImageLayout.NODE_TEXELS, growth);
        assertTrue(GeometryImageValidator.validate(ten).isEmpty(), GeometryImageValidator.validate(ten).toString());
    }

    @Test
    void movingTransformsReusesTheShapeLevel() {
        TriangleMesh mesh = soupMesh();
        GeometryImageBuilder builder = new GeometryImageBuilder();
        GeometryImage a = builder.build(placed(mesh, 5, 0));
        GeometryImage b = builder.build(placed(mesh, 5, 1.5f));
        assertSame(a.nodes(), b.nodes());
        assertSame(a.primitives(), b.primitives());
        assertSame(a.vertices(), b.vertices());
        assertSame(a.materials(), b.materials());
        assertNotSame(a.instances(), b.instances());
        assertFalse(java.util.Arrays.equals(a.instances(), b.instances()));
        // A different mesh is a different shape level.
        GeometryImage c = builder.build(placed(soupMesh(), 5, 0));
        assertNotSame(a.nodes(), c.nodes());
    }
}
