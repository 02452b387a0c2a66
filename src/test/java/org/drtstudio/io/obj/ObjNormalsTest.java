package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.drtstudio.io.obj.ObjTestSupport.close;
import static org.drtstudio.io.obj.ObjTestSupport.mesh;
import static org.drtstudio.io.obj.ObjTestSupport.normal;
import static org.drtstudio.io.obj.ObjTestSupport.readResource;
import static org.drtstudio.io.obj.ObjTestSupport.triangleNormal;
import static org.drtstudio.io.obj.ObjTestSupport.vertex;
import static org.drtstudio.io.obj.ObjTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Normals: computed (smooth, flat, per smoothing group) and given. */
class ObjNormalsTest {
    private static final String CUBE_VERTICES = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n";
    /** Six outward, counter-clockwise quads of the unit cube. */
    private static final String CUBE_FACES = "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 4 8 7 3\nf 1 5 8 4\nf 2 3 7 6\n";

    @Test
    void cubeWithSmoothingOffHasSixFlatFacesAndUnsharedVertices(@TempDir Path dir) throws Exception {
        TriangleMesh m = mesh(ObjReader.read(write(dir, "flat.obj", CUBE_VERTICES + "s off\n" + CUBE_FACES)));
        assertEquals(12, m.triangleCount());
        assertEquals(24, m.vertexCount(), "each face has its own four vertices");
        Set<Vec3> distinct = new HashSet<>();
        for (int t = 0; t < m.triangleCount(); t++) {
            Vec3 face = triangleNormal(m, t);
            for (int k = 0; k < 3; k++) {
                Vec3 n = normal(m, m.indices()[3 * t + k]);
                assertTrue(close(n, face, 1e-6), "vertex normal " + n + " should equal face normal " + face);
            }
            // rounded: the two triangles of a face give normals equal up to float noise and the sign of 0
            distinct.add(new Vec3(Math.round(face.x()) + 0f, Math.round(face.y()) + 0f, Math.round(face.z()) + 0f));
        }
        assertEquals(6, distinct.size());
        // outward: the normal points away from the cube's centre
        for (int t = 0; t < m.triangleCount(); t++) {
            Vec3 out = vertex(m, m.indices()[3 * t]).minus(new Vec3(0.5f, 0.5f, 0.5f));
            assertTrue(triangleNormal(m, t).dot(out) > 0);
        }
    }

    @Test
    void sZeroIsFlatToo(@TempDir Path dir) throws Exception {
        TriangleMesh m = mesh(ObjReader.read(write(dir, "flat0.obj", CUBE_VERTICES + "s 0\n" + CUBE_FACES)));
        assertEquals(24, m.vertexCount());
    }

    @Test
    void smoothCubeSharesVerticesAndAveragesTheThreeFaces(@TempDir Path dir) throws Exception {
        TriangleMesh m = mesh(ObjReader.read(write(dir, "smooth.obj", CUBE_VERTICES + "s 1\n" + CUBE_FACES)));
        assertEquals(8, m.vertexCount());
        for (int v = 0; v < 8; v++) {
            Vec3 radial = vertex(m, v).minus(new Vec3(0.5f, 0.5f, 0.5f)).normalized();
            assertTrue(close(normal(m, v), radial, 1e-6), "corner normal " + normal(m, v) + " vs " + radial);
        }
    }

    @Test
    void facesInDifferentSmoothingGroupsDoNotShareNormals(@TempDir Path dir) throws Exception {
        // Two faces of the cube per group: each group's vertices only see that group's faces.
        String text = CUBE_VERTICES + "s 1\nf 1 4 3 2\nf 5 6 7 8\ns 2\nf 1 2 6 5\nf 4 8 7 3\ns 3\nf 1 5 8 4\nf 2 3 7 6\n";
        TriangleMesh m = mesh(ObjReader.read(write(dir, "groups.obj", text)));
        assertEquals(24, m.vertexCount(), "8 corners x 3 groups");
        for (int t = 0; t < m.triangleCount(); t++) {
            Vec3 face = triangleNormal(m, t);
            for (int k = 0; k < 3; k++) {
                assertTrue(close(normal(m, m.indices()[3 * t + k]), face, 1e-6),
                        "opposite faces of a group share no vertex, so each keeps its own normal");
            }
        }
    }

    @Test
    void smoothingGroupTwoSquaresAverageAcrossTheSharedEdge() throws Exception {
        // tinyobjloader issue 29: a square and a triangle, folded along the edge 3-4, in "s 1".
        // The file's faces say v//vn, but every vn line is commented out: normals are computed.
        ImportResult result = readResource("edgecases_tinyobjloader/smoothing-group-two-squares.obj");
        TriangleMesh m = mesh(result);
        assertEquals(3, m.triangleCount());
        assertEquals(5, m.vertexCount(), "6 vertices, vertex 6 unused; 3 and 4 shared between the faces");
        assertTrue(result.warnings().get(0).contains("faces refer to vertex normals but the file defines none"));
        Vec3 squareNormal = new Vec3(0, 0, 1);
        Vec3 triangleNormal = triangleNormal(m, 2);
        for (int v = 0; v < m.vertexCount(); v++) {
            Vec3 p = vertex(m, v);
            if (p.x() == 0) {
                assertTrue(close(normal(m, v), squareNormal, 1e-6), "left edge belongs to the square only");
            } else if (p.x() == 2) {
                // Sum of area-weighted face normals: the square (area 4) plus the triangle
                // (2,2,0) (2,0,0) (4,0,-3.255298), whose cross product is (6.510596, 0, 4).
                Vec3 expected = new Vec3(0, 0, 8).plus(new Vec3(6.510596f, 0, 4)).normalized();
                assertTrue(close(normal(m, v), expected, 1e-5), "shared edge " + normal(m, v) + " vs " + expected);
            } else {
                assertTrue(close(normal(m, v), triangleNormal, 1e-6), "far corner belongs to the triangle only");
            }
        }
    }

    @Test
    void smoothSphereNormalsPointRadially(@TempDir Path dir) throws Exception {
        TriangleMesh m = mesh(ObjReader.read(write(dir, "sphere.obj", uvSphere(24, 48))));
        double worst = 1;
        for (int v = 0; v < m.vertexCount(); v++) {
            worst = Math.min(worst, normal(m, v).dot(vertex(m, v).normalized()));
        }
        assertTrue(worst > 0.995, "smallest cosine between normal and radius: " + worst);
    }

    @Test
    void areaWeightingFavoursTheLargerFace(@TempDir Path dir) throws Exception {
        // Vertex 1 is shared by a large triangle facing +z (area 50) and a small one facing -x (area 0.5).
        String text = "v 0 0 0\nv 10 0 0\nv 0 10 0\nv 0 1 0\nv 0 0 -1\nf 1 2 3\nf 1 4 5\n";
        TriangleMesh m = mesh(ObjReader.read(write(dir, "weights.obj", text)));
        Vec3 n = normal(m, 0);
        assertTrue(close(n, new Vec3(-1, 0, 100).normalized(), 1e-5), "area-weighted 100:1, got " + n);
    }

    @Test
    void givenNormalsAreNormalisedAndZeroNormalsReplacedByTheFaceNormal(@TempDir Path dir) throws Exception {
        String text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 5\nvn 0 0 0\nf 1//1 2//1 3//2\n";
        TriangleMesh m = mesh(ObjReader.read(write(dir, "given.obj", text)));
        for (int v = 0; v < 3; v++) assertTrue(close(normal(m, v), new Vec3(0, 0, 1), 1e-6));
        // a given normal that disagrees with the geometry is kept as given
        String tilted = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 1 0 0\nf 1//1 2//1 3//1\n";
        TriangleMesh t = mesh(ObjReader.read(write(dir, "tilted.obj", tilted)));
        assertEquals(3, t.vertexCount());
        assertTrue(close(normal(t, 0), new Vec3(1, 0, 0), 1e-6));
    }

    @Test
    void armadilloKeepsItsInterleavedNormals() throws Exception {
        // vn lines precede each v line; faces are v//vn with the same index.
        TriangleMesh m = mesh(readResource("armadillo_tiny/armadillo.obj"));
        assertEquals(361, m.vertexCount());
        for (int v = 0; v < m.vertexCount(); v++) assertEquals(1.0, normal(m, v).length(), 1e-5);
    }

    @Test
    void everyNormalIsAUnitVectorEvenForDegenerateFaces(@TempDir Path dir) throws Exception {
        String text = "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 5 5 5\nf 1 2 3\nf 4 4 4\ns off\nf 1 2 3\n";
        TriangleMesh m = mesh(ObjReader.read(write(dir, "degenerate.obj", text)));
        assertEquals(3, m.triangleCount());
        for (int v = 0; v < m.vertexCount(); v++) assertEquals(1.0, normal(m, v).length(), 1e-6);
    }

    /** A UV sphere of radius 1 without normals, quads between the poles' triangle fans. */
    static String uvSphere(int rings, int segments) {
        StringBuilder sb = new StringBuilder("v 0 1 0\n");
        for (int r = 1; r < rings; r++) {
            double theta = Math.PI * r / rings;
            for (int s = 0; s < segments; s++) {
                double phi = 2 * Math.PI * s / segments;
                sb.append("v ").append(Math.sin(theta) * Math.cos(phi)).append(' ').append(Math.cos(theta)).append(' ')
                        .append(-Math.sin(theta) * Math.sin(phi)).append('\n');
            }
        }
        sb.append("v 0 -1 0\n");
        int south = 2 + (rings - 1) * segments;
        for (int s = 0; s < segments; s++) {
            int a = 2 + s, b = 2 + (s + 1) % segments;
            sb.append("f 1 ").append(a).append(' ').append(b).append('\n');
        }
        for (int r = 0; r < rings - 2; r++) {
            for (int s = 0; s < segments; s++) {
                int a = 2 + r * segments + s, b = 2 + r * segments + (s + 1) % segments;
                sb.append("f ").append(a).append(' ').append(a + segments).append(' ').append(b + segments).append(' ')
                        .append(b).append('\n');
            }
        }
        for (int s = 0; s < segments; s++) {
            int a = 2 + (rings - 2) * segments + s, b = 2 + (rings - 2) * segments + (s + 1) % segments;
            sb.append("f ").append(south).append(' ').append(b).append(' ').append(a).append('\n');
        }
        return sb.toString();
    }
}
