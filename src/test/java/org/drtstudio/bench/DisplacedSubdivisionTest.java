package org.drtstudio.bench;

import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

class DisplacedSubdivisionTest {
    /** A closed octahedron: 6 vertices, 8 triangles, 12 edges. */
    private static TriangleMesh octahedron() {
        float[] p = {1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1};
        int[] idx = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
        return new TriangleMesh("octahedron", p, DisplacedSubdivision.vertexNormals(p, idx), null, idx, new int[8]);
    }

    @Test
    void eachLevelQuadruplesTrianglesAndKeepsTheSurfaceClosed() {
        TriangleMesh m = DisplacedSubdivision.of(octahedron(), 3, 0.01f);
        assertEquals(8 * 64, m.triangleCount());
        Map<Long, Integer> edgeUses = new HashMap<>();
        int[] idx = m.indices();
        for (int t = 0; t < idx.length; t += 3) {
            for (int e = 0; e < 3; e++) {
                int a = idx[t + e], b = idx[t + (e + 1) % 3];
                edgeUses.merge(Math.min(a, b) * 1_000_000L + Math.max(a, b), 1, Integer::sum);
            }
        }
        assertTrue(edgeUses.values().stream().allMatch(n -> n == 2), "every edge shared by exactly two triangles");
        // Euler characteristic of a sphere: V - E + F = 2, so no vertex was duplicated along an edge.
        assertEquals(2, m.vertexCount() - edgeUses.size() + m.triangleCount());
    }

    @Test
    void displacementMakesEveryTriangleUniqueWithinItsAmplitude() {
        TriangleMesh flat = DisplacedSubdivision.of(octahedron(), 3, 0f);
        TriangleMesh bumpy = DisplacedSubdivision.of(octahedron(), 3, 0.01f);
        float diagonal = (float) Math.sqrt(12); // bounding box 2 x 2 x 2
        float maxMove = 0, sumMove = 0;
        for (int i = 0; i < flat.positions().length; i += 3) {
            float dx = bumpy.positions()[i] - flat.positions()[i], dy = bumpy.positions()[i + 1] - flat.positions()[i + 1],
                    dz = bumpy.positions()[i + 2] - flat.positions()[i + 2];
            float d = (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            maxMove = Math.max(maxMove, d);
            sumMove += d;
        }
        assertTrue(maxMove <= 1.5f * 0.01f * diagonal + 1e-6f, "moved at most the amplitude (sines sum to ≤ 1.5): " + maxMove);
        assertTrue(sumMove > 0, "vertices moved");
        Set<String> shapes = new HashSet<>();
        int[] idx = bumpy.indices();
        float[] p = bumpy.positions();
        for (int t = 0; t < idx.length; t += 3) {
            // A triangle's shape up to translation: its two edge vectors, sorted, rounded to 1e-6.
            float[] e = new float[6];
            for (int k = 0; k < 3; k++) {
                e[k] = p[3 * idx[t + 1] + k] - p[3 * idx[t] + k];
                e[3 + k] = p[3 * idx[t + 2] + k] - p[3 * idx[t] + k];
            }
            shapes.add(Arrays.toString(Arrays.stream(new double[]{e[0], e[1], e[2], e[3], e[4], e[5]})
                    .map(v -> Math.round(v * 1e6) / 1e6).toArray()));
        }
        assertTrue(shapes.size() > 0.95 * bumpy.triangleCount(), "triangles are not copies of each other: " + shapes.size()
                + " distinct shapes of " + bumpy.triangleCount());
    }

    @Test
    void generationIsDeterministic() {
        TriangleMesh a = DisplacedSubdivision.of(ProceduralMeshes.bumpySphere(12, 12), 2, 0.003f);
        TriangleMesh b = DisplacedSubdivision.of(ProceduralMeshes.bumpySphere(12, 12), 2, 0.003f);
        assertArrayEquals(a.positions(), b.positions());
        assertArrayEquals(a.indices(), b.indices());
        assertArrayEquals(a.normals(), b.normals());
    }
}
