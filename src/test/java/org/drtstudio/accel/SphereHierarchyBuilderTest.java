package org.drtstudio.accel;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class SphereHierarchyBuilderTest {
    /** 20,000 triangles: large enough that subtrees are built by parallel tasks. */
    private static final TriangleMesh MESH = ProceduralMeshes.bumpySphere(100, 100);

    private static FlatScene flat(TriangleMesh m) {
        return new FlatScene(m.positions(), m.indices(), m.triangleMaterials(), new float[0], new int[0]);
    }

    @Test
    void parallelBuildsGiveTheSameTreeEveryTime() {
        assertTrue(MESH.triangleCount() >= 2 * SphereHierarchyBuilder.PARALLEL_MIN, "the mesh must reach the parallel path");
        SphereHierarchy a = SphereHierarchyBuilder.build(flat(MESH)), b = SphereHierarchyBuilder.build(flat(MESH));
        assertArrayEquals(a.spheres(), b.spheres());
        assertArrayEquals(a.miss(), b.miss());
        assertArrayEquals(a.primStart(), b.primStart());
        assertArrayEquals(a.primOrder(), b.primOrder());
    }

    @Test
    void everyTriangleIsInExactlyOneLeafAndTheImageValidates() {
        SphereHierarchy h = SphereHierarchyBuilder.build(flat(MESH));
        int[] seen = new int[MESH.triangleCount()];
        for (int i = 0; i < h.nodeCount(); i++)
            for (int s = h.primStart()[i]; s < h.primStart()[i] + h.primCount()[i]; s++) seen[h.primOrder()[s]]++;
        for (int t = 0; t < seen.length; t++) assertEquals(1, seen[t], "triangle " + t);
        GeometryImage gi = new GeometryImageBuilder().build(TestScenes.scene(List.of(new MeshNode("m", MESH)), List.of(Material.DEFAULT),
                List.of(new PointLight(new Vec3(0, 5, 5), Vec3.ONE, 1, 0)), new Camera(new Vec3(0, 0, 4), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0)));
        assertEquals(List.of(), GeometryImageValidator.validate(gi));
    }
}
