package org.drtstudio.accel;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;

import static org.junit.jupiter.api.Assertions.*;

class MortonHierarchyBuilderTest {
    /** 20,000 triangles: enough for the parallel sort and parallel subtrees. */
    private static final TriangleMesh MESH = ProceduralMeshes.bumpySphere(100, 100);
    private static final ForkJoinPool POOL = new ForkJoinPool(2);

    private static FlatScene flat(TriangleMesh m) {
        return new FlatScene(m.positions(), m.indices(), m.triangleMaterials(), new float[0], new int[0]);
    }

    @Test
    void theRadixSortOrdersByCodeAndKeepsTheInputOrderOfEqualCodes() {
        SplittableRandom rnd = new SplittableRandom(5);
        int n = 50_000;
        int[] keys = new int[n], values = new int[n];
        long[] expected = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = rnd.nextInt(1 << 12) << 18 | rnd.nextInt(4); // many equal codes, all three digits used
            values[i] = i;
            expected[i] = (long) keys[i] << 32 | i;
        }
        Arrays.sort(expected);
        int[][] sorted = MortonHierarchyBuilder.radixSort(keys.clone(), values, POOL);
        for (int i = 0; i < n; i++) {
            assertEquals((int) (expected[i] >>> 32), sorted[0][i], "code at " + i);
            assertEquals((int) expected[i], sorted[1][i], "primitive at " + i);
        }
    }

    @Test
    void everyPrimitiveIsInOneLeafOfAtMostLeafMaxInsideEveryEnclosingSphere() {
        SphereHierarchy h = MortonHierarchyBuilder.build(flat(MESH), POOL);
        assertHolds(h, MESH, MortonHierarchyBuilder.LEAF_MAX);
        SphereHierarchy again = MortonHierarchyBuilder.build(flat(MESH), POOL);
        assertArrayEquals(h.spheres(), again.spheres(), "the same tree whatever ran in parallel");
        assertArrayEquals(h.primOrder(), again.primOrder());
    }

    @Test
    void itsTreeCostsLittleMoreToTraceThanTheBinnedOne() {
        FlatScene scene = flat(MESH);
        double morton = HierarchyQuality.sahCost(MortonHierarchyBuilder.build(scene, POOL));
        double binned = HierarchyQuality.sahCost(SphereHierarchyBuilder.build(scene));
        // Splitting at the middle of the Morton order instead of where the codes differ costs far more.
        assertTrue(morton < 1.5 * binned, "expected cost, Morton " + morton + ", binned " + binned);
    }

    @Test
    void coincidentAndNonFiniteTrianglesStillMakeABalancedTree() {
        int tris = 5_000;
        float[] pos = new float[9 * tris];
        int[] idx = new int[3 * tris];
        for (int t = 0; t < tris; t++) {
            float[] v = {1, 2, 3, 2, 2, 3, 1, 3, 3};
            System.arraycopy(v, 0, pos, 9 * t, 9);
            for (int k = 0; k < 3; k++) idx[3 * t + k] = 3 * t + k;
        }
        pos[9 * 17] = Float.NaN;
        pos[9 * 18 + 4] = Float.POSITIVE_INFINITY;
        SphereHierarchy h = MortonHierarchyBuilder.build(new FlatScene(pos, idx, new int[tris], new float[0], new int[0]), POOL);
        int[] seen = new int[tris];
        for (int i = 0; i < h.nodeCount(); i++) {
            assertTrue(h.primCount()[i] <= MortonHierarchyBuilder.LEAF_MAX);
            for (int s = h.primStart()[i]; s < h.primStart()[i] + h.primCount()[i]; s++) seen[h.primOrder()[s]]++;
        }
        for (int t = 0; t < tris; t++) assertEquals(1, seen[t], "triangle " + t);
        // Equal codes are halved by count: depth about log2(5000 / 16) + 1, not thousands.
        assertTrue(h.depth() <= 12, "depth " + h.depth());
    }

    @Test
    void spheresBesideTrianglesAreEnclosedWithTheirRadius() {
        float[] spheres = {10, 0, 0, 2, -10, 0, 0, 0.5f};
        FlatScene scene = new FlatScene(MESH.positions(), MESH.indices(), MESH.triangleMaterials(), spheres, new int[]{0, 0});
        SphereHierarchy h = MortonHierarchyBuilder.build(scene, POOL);
        int tris = MESH.triangleCount();
        for (int i = 0; i < h.nodeCount(); i++) {
            for (int s = h.primStart()[i]; s < h.primStart()[i] + h.primCount()[i]; s++) {
                int p = h.primOrder()[s];
                if (p < tris) continue;
                int b = 4 * (p - tris);
                double d = Math.sqrt(sq(spheres[b] - h.spheres()[4 * i]) + sq(spheres[b + 1] - h.spheres()[4 * i + 1]) + sq(spheres[b + 2] - h.spheres()[4 * i + 2]));
                assertTrue(d + spheres[b + 3] <= h.spheres()[4 * i + 3], "sphere " + (p - tris) + " outside leaf " + i);
            }
        }
    }

    /** Each triangle once, leaves of at most {@code leafMax}, every vertex inside its leaf's sphere and every sphere inside its parent's. */
    static void assertHolds(SphereHierarchy h, TriangleMesh mesh, int leafMax) {
        int[] seen = new int[mesh.triangleCount()];
        float[] p = mesh.positions(), sp = h.spheres();
        int[] idx = mesh.indices();
        for (int i = 0; i < h.nodeCount(); i++) {
            assertTrue(h.primCount()[i] <= leafMax, "leaf " + i + " holds " + h.primCount()[i]);
            for (int s = h.primStart()[i]; s < h.primStart()[i] + h.primCount()[i]; s++) {
                int t = h.primOrder()[s];
                seen[t]++;
                for (int c = 0; c < 3; c++) {
                    int v = 3 * idx[3 * t + c];
                    double d = Math.sqrt(sq(p[v] - sp[4 * i]) + sq(p[v + 1] - sp[4 * i + 1]) + sq(p[v + 2] - sp[4 * i + 2]));
                    assertTrue(d <= sp[4 * i + 3], "triangle " + t + " outside leaf " + i);
                }
            }
            if (h.isLeaf(i)) continue;
            int left = i + 1, right = h.miss()[left];
            for (int child : new int[]{left, right}) {
                double d = Math.sqrt(sq(sp[4 * child] - sp[4 * i]) + sq(sp[4 * child + 1] - sp[4 * i + 1]) + sq(sp[4 * child + 2] - sp[4 * i + 2]));
                assertTrue(d + sp[4 * child + 3] <= sp[4 * i + 3] * (1 + 1e-6), "node " + child + " outside its parent " + i);
            }
        }
        for (int t = 0; t < seen.length; t++) assertEquals(1, seen[t], "triangle " + t);
    }

    private static double sq(double x) {
        return x * x;
    }
}
