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
                List.of(new PointLight(new Vec3(0, 5, 5), Vec3.ONE, 1)), new Camera(new Vec3(0, 0, 4), Vec3.ZERO, new Vec3(0, 1, 0), 45, 0, 0)));
        assertEquals(List.of(), GeometryImageValidator.validate(gi));
    }

    @Test
    void aStagedBuildRefinesToTheVeryTreeOfAOneGoBuild() {
        SphereHierarchy full = SphereHierarchyBuilder.build(flat(MESH));
        SphereHierarchyBuilder.Staged staged = SphereHierarchyBuilder.buildStaged(flat(MESH));
        SphereHierarchy coarse = staged.coarse();
        assertTrue(coarse.nodeCount() < full.nodeCount() / 3, "coarse " + coarse.nodeCount() + " nodes, full " + full.nodeCount());
        SphereHierarchy refined = staged.refine();
        assertArrayEquals(full.spheres(), refined.spheres());
        assertArrayEquals(full.hit(), refined.hit());
        assertArrayEquals(full.miss(), refined.miss());
        assertArrayEquals(full.primStart(), refined.primStart());
        assertArrayEquals(full.primCount(), refined.primCount());
        assertArrayEquals(full.primOrder(), refined.primOrder());
        assertEquals(full.depth(), refined.depth());
        assertThrows(IllegalStateException.class, staged::refine);
    }

    @Test
    void theCoarseStageHoldsEveryTriangleOnceInLeavesOfAtMostSixteenInsideTheirSpheres() {
        SphereHierarchy h = SphereHierarchyBuilder.buildStaged(flat(MESH)).coarse();
        int[] seen = new int[MESH.triangleCount()];
        int largest = 0;
        float[] p = MESH.positions();
        int[] idx = MESH.indices();
        for (int i = 0; i < h.nodeCount(); i++) {
            largest = Math.max(largest, h.primCount()[i]);
            for (int s = h.primStart()[i]; s < h.primStart()[i] + h.primCount()[i]; s++) {
                int t = h.primOrder()[s];
                seen[t]++;
                for (int c = 0; c < 3; c++) {
                    int v = 3 * idx[3 * t + c];
                    double dx = p[v] - h.spheres()[4 * i], dy = p[v + 1] - h.spheres()[4 * i + 1], dz = p[v + 2] - h.spheres()[4 * i + 2];
                    assertTrue(Math.sqrt(dx * dx + dy * dy + dz * dz) <= h.spheres()[4 * i + 3], "triangle " + t + " outside leaf " + i);
                }
            }
        }
        for (int t = 0; t < seen.length; t++) assertEquals(1, seen[t], "triangle " + t);
        assertTrue(largest > SphereHierarchyBuilder.MAX_LEAF_SIZE && largest <= SphereHierarchyBuilder.SMALL_MAX, "largest leaf " + largest);
    }

    @Test
    void exactSweepsOnSmallSubtreesGiveATreeAtLeastAsGoodAsBinningEverywhere() {
        FlatScene scene = flat(MESH);
        double swept = HierarchyQuality.sahCost(SphereHierarchyBuilder.build(scene, SphereHierarchyBuilder.MAX_LEAF_SIZE, SphereHierarchyBuilder.SMALL_MAX));
        double binned = HierarchyQuality.sahCost(SphereHierarchyBuilder.build(scene, SphereHierarchyBuilder.MAX_LEAF_SIZE, 0));
        assertTrue(swept <= binned * 1.0001, "expected cost with sweeps " + swept + ", binned only " + binned);
    }

    @Test
    void aSmallSceneIsSplitBetweenItsTwoDistantClustersFirst() {
        // Ten triangles: four near x = 0, six near x = 100, interleaved in the input; the cheapest
        // first cut separates the clusters, whatever their order.
        int tris = 10;
        float[] pos = new float[9 * tris];
        int[] idx = new int[3 * tris];
        for (int t = 0; t < tris; t++) {
            float x = t % 2 == 0 && t < 8 ? 0 : 100, y = t;
            float[] v = {x, y, 0, x + 1, y, 0, x, y + 1, 0};
            System.arraycopy(v, 0, pos, 9 * t, 9);
            for (int k = 0; k < 3; k++) idx[3 * t + k] = 3 * t + k;
        }
        SphereHierarchy h = SphereHierarchyBuilder.build(new FlatScene(pos, idx, new int[tris], new float[0], new int[0]));
        int left = 1, right = h.miss()[1];
        assertEquals(java.util.Set.of(0, 2, 4, 6), trianglesUnder(h, left));
        assertEquals(java.util.Set.of(1, 3, 5, 7, 8, 9), trianglesUnder(h, right));
        for (int i = 0; i < h.nodeCount(); i++) assertTrue(h.primCount()[i] <= SphereHierarchyBuilder.MAX_LEAF_SIZE);
    }

    /** The triangles in the subtree of node i (its subtree is nodes i .. miss[i]-1). */
    private static java.util.Set<Integer> trianglesUnder(SphereHierarchy h, int node) {
        java.util.Set<Integer> out = new java.util.HashSet<>();
        int end = h.miss()[node] == GeometryImageLayout.END ? h.nodeCount() : h.miss()[node];
        for (int i = node; i < end; i++)
            for (int s = h.primStart()[i]; s < h.primStart()[i] + h.primCount()[i]; s++) out.add(h.primOrder()[s]);
        return out;
    }
}
