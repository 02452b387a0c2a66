package org.drtstudio.io.nff;

import org.drtstudio.io.ImportResult;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;

import static org.drtstudio.io.nff.NffTestSupport.assertSane;
import static org.drtstudio.io.nff.NffTestSupport.mesh;
import static org.drtstudio.io.nff.NffTestSupport.read;
import static org.drtstudio.io.nff.NffTestSupport.triangleCount;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Cones and cylinders: both record forms, geometry of the tessellation, NFF's special radii. */
class NffConeTest {
    private static final int S = ConeTessellator.SEGMENTS;

    @Test
    void oneLineAndThreeLineFormsGiveTheSameMesh() throws Exception {
        TriangleMesh oneLine = mesh(read("c 1 2 3 0.5 4 -1 2 0.25\n").scene());
        TriangleMesh threeLines = mesh(read("c\n1 2 3 0.5\n4 -1 2 0.25\n").scene());
        TriangleMesh spaced = mesh(read("c   # comment\n\n 1 2 3 0.5\n\n4 -1 2 0.25").scene());
        for (TriangleMesh other : new TriangleMesh[]{threeLines, spaced}) {
            assertArrayEquals(oneLine.positions(), other.positions());
            assertArrayEquals(oneLine.normals(), other.normals());
            assertArrayEquals(oneLine.indices(), other.indices());
        }
        assertEquals(2 * S, oneLine.triangleCount());
    }

    @Test
    void verticesLieOnTheConeAndNormalsPointOutward() throws Exception {
        // Axis from (1,1,1) along (1,2,2)/3 with length 3; radius 1 at the base, 0.5 at the apex.
        TriangleMesh m = mesh(read("c 1 1 1 1 2 3 3 0.5\n").scene());
        double[] axis = {1 / 3.0, 2 / 3.0, 2 / 3.0};
        float[] p = m.positions(), n = m.normals();
        for (int i = 0; i < m.vertexCount(); i++) {
            double dx = p[3 * i] - 1, dy = p[3 * i + 1] - 1, dz = p[3 * i + 2] - 1;
            double t = dx * axis[0] + dy * axis[1] + dz * axis[2];
            double rx = dx - t * axis[0], ry = dy - t * axis[1], rz = dz - t * axis[2];
            double r = Math.sqrt(rx * rx + ry * ry + rz * rz);
            assertEquals(1 - 0.5 * t / 3, r, 1e-5, "vertex " + i + " on the surface");
            assertTrue(t < 1e-5 || Math.abs(t - 3) < 1e-5, "vertices only at the two ends (no caps)");
            double radialDot = (n[3 * i] * rx + n[3 * i + 1] * ry + n[3 * i + 2] * rz) / r;
            assertTrue(radialDot > 0.9, "normal points away from the axis");
            // The radius shrinks toward the apex, so the normal leans toward the apex.
            double axialDot = n[3 * i] * axis[0] + n[3 * i + 1] * axis[1] + n[3 * i + 2] * axis[2];
            assertEquals(0.5 / Math.sqrt(9 + 0.25), axialDot, 1e-5);
        }
        assertTrianglesFaceTheirNormals(m);
    }

    @Test
    void pointedConeHasOneTrianglePerSegment() throws Exception {
        TriangleMesh apexTip = mesh(read("c 0 0 0 1 0 0 2 0\n").scene());
        assertEquals(S, apexTip.triangleCount());
        assertTrianglesFaceTheirNormals(apexTip);
        TriangleMesh baseTip = mesh(read("c 0 0 0 0 0 0 2 1\n").scene());
        assertEquals(S, baseTip.triangleCount());
        assertTrianglesFaceTheirNormals(baseTip);
    }

    @Test
    void bothRadiiNegativeMeansInsideVisible() throws Exception {
        TriangleMesh m = mesh(read("c 0 0 0 -1 0 0 1 -1\n").scene());
        float[] p = m.positions(), n = m.normals();
        for (int i = 0; i < m.vertexCount(); i++) {
            assertEquals(1.0, Math.hypot(p[3 * i], p[3 * i + 1]), 1e-5);
            assertTrue(n[3 * i] * p[3 * i] + n[3 * i + 1] * p[3 * i + 1] < -0.99, "normal points to the axis");
        }
        assertTrianglesFaceTheirNormals(m);
    }

    @Test
    void mixedSignRadiiUseAbsoluteValuesWithAWarning() throws Exception {
        ImportResult r = read("c 0 0 0 -1 0 0 1 1\n");
        assertEquals(2 * S, triangleCount(r.scene()));
        assertTrue(r.warnings().get(0).startsWith("inline.nff:1: cone/cylinder radii have different signs"));
    }

    @Test
    void degenerateConesAreSkippedWithWarnings() throws Exception {
        ImportResult zeroRadii = read("c 0 0 0 0 0 0 1 0\ns 0 0 0 1\n");
        assertNull(mesh(zeroRadii.scene()));
        assertTrue(zeroRadii.warnings().get(0).startsWith("inline.nff:1: cone/cylinder with both radii 0"));
        ImportResult sameEnds = read("s 0 0 0 1\nc 1 1 1 1 1 1 1 2\n");
        assertNull(mesh(sameEnds.scene()));
        assertTrue(sameEnds.warnings().get(0).startsWith("inline.nff:2: cone/cylinder base and apex are the same point"));
    }

    @Test
    void assimpThreeLineConesLoad() throws Exception {
        Scene cone = NffReader.read(TestData.resource("nff/assimp_dialects/cone.nff")).scene();
        assertSane(cone);
        assertEquals(2 * S + S, triangleCount(cone), "one truncated cone and one pointed cone");
        Scene tube = NffReader.read(TestData.resource("nff/assimp_dialects/positionTest.nff")).scene();
        assertEquals(2 * S, triangleCount(tube));
    }

    /** Each triangle's geometric normal (from its winding) agrees with its vertex normals. */
    private static void assertTrianglesFaceTheirNormals(TriangleMesh m) {
        float[] p = m.positions(), n = m.normals();
        int[] idx = m.indices();
        for (int t = 0; t < m.triangleCount(); t++) {
            int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
            double ex = p[b] - p[a], ey = p[b + 1] - p[a + 1], ez = p[b + 2] - p[a + 2];
            double fx = p[c] - p[a], fy = p[c + 1] - p[a + 1], fz = p[c + 2] - p[a + 2];
            double gx = ey * fz - ez * fy, gy = ez * fx - ex * fz, gz = ex * fy - ey * fx;
            for (int v : new int[]{a, b, c}) {
                assertTrue(gx * n[v] + gy * n[v + 1] + gz * n[v + 2] > 0, "triangle " + t + " winds like its normals");
            }
        }
    }
}
