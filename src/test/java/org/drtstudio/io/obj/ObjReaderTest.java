package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.drtstudio.io.obj.ObjTestSupport.mesh;
import static org.drtstudio.io.obj.ObjTestSupport.readResource;
import static org.drtstudio.io.obj.ObjTestSupport.triangleArea;
import static org.drtstudio.io.obj.ObjTestSupport.vertex;
import static org.drtstudio.io.obj.ObjTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Geometry, scene structure and the format's oddities, on the small files in test resources. */
class ObjReaderTest {

    @Test
    void sceneHasOneMeshUnderAnIdentityRootNamedAfterTheFile() throws Exception {
        ImportResult result = readResource("armadillo_tiny/armadillo.obj");
        Scene scene = result.scene();
        assertEquals("armadillo.obj", scene.name());
        assertEquals("armadillo.obj", scene.root().name());
        assertTrue((scene.root().transform().properties() & org.joml.Matrix4fc.PROPERTY_IDENTITY) != 0
                || scene.root().transform().equals(new org.joml.Matrix4f()));
        assertEquals(1, scene.root().children().size());
        MeshNode node = (MeshNode) scene.root().children().get(0);
        assertEquals("armadillo", node.name());
        assertEquals(718, node.mesh().triangleCount());
        assertSame(Material.DEFAULT, scene.materials().get(0));
        assertEquals(RenderSettings.DEFAULT, scene.settings());
        assertEquals(1, scene.lights().size());
        assertTrue(result.warnings().isEmpty(), result.warnings().toString());
    }

    @Test
    void cameraFramesTheBoundingSphereFromPlusZ() throws Exception {
        ImportResult result = readResource("cow/cow.obj");
        TriangleMesh m = mesh(result);
        Camera camera = result.scene().camera();
        assertEquals(45f, camera.fovY());
        Vec3 view = camera.look().minus(camera.eye()).normalized();
        assertTrue(close(view, new Vec3(0, 0, -1)), "camera looks down -z: " + view);
        double halfFov = Math.toRadians(22.5) + 1e-4;
        for (int v = 0; v < m.vertexCount(); v++) {
            Vec3 toVertex = vertex(m, v).minus(camera.eye()).normalized();
            double angle = Math.acos(Math.min(1, toVertex.dot(view)));
            assertTrue(angle <= halfFov, "vertex " + v + " is " + Math.toDegrees(angle) + "° off the view axis");
        }
        Light light = result.scene().lights().get(0);
        assertTrue(light.position().y() > camera.eye().y(), "light above the camera");
        assertTrue(light.intensity() > 0);
    }

    @Test
    void cornellBoxNegativeIndicesGiveEighteenQuadsAsThirtySixTriangles() throws Exception {
        TriangleMesh m = mesh(readResource("cornellbox_mcguire/CornellBox-Original.obj"));
        assertEquals(36, m.triangleCount());
        // The first quad is the floor, (-1.01,0,0.99) (1,0,0.99) (1,0,-1.04) (-0.99,0,-1.04): resolved
        // from "f -4 -3 -2 -1" right after its four vertices; its normal points up.
        for (int t = 0; t < 2; t++) {
            for (int k = 0; k < 3; k++) assertEquals(0f, vertex(m, m.indices()[3 * t + k]).y());
            assertTrue(close(ObjTestSupport.triangleNormal(m, t), new Vec3(0, 1, 0)));
        }
        double floorArea = triangleArea(m, 0) + triangleArea(m, 1);
        assertEquals(2.0 * 2.03, floorArea, 0.03); // roughly 2 x 2.03
    }

    @Test
    void embreeCornellBoxAndItsNoMaterialVariantLoadTheSameGeometry() throws Exception {
        TriangleMesh a = mesh(readResource("edgecases_tinyobjloader/no_material.obj"));
        TriangleMesh b = mesh(readResource("edgecases_tinyobjloader/missing_material_file.obj"));
        assertEquals(36, a.triangleCount());
        assertArrayEquals(a.positions(), b.positions());
        assertArrayEquals(a.indices(), b.indices());
    }

    @Test
    void concave64VertexFaceIsEarClippedWithoutCoveringTheNotches() throws Exception {
        // The "64-gon" is a keyhole: 66 corners (vertices 31 and 32 twice, a bridge to an inner
        // loop) over 64 vertices, hence 64 triangles. Ear clipping covers exactly its area; a fan
        // would overlap itself and cover more.
        TriangleMesh m = mesh(readResource("edgecases_assimp/concave_polygon.obj"));
        assertEquals(64, m.triangleCount());
        double area = 0;
        for (int t = 0; t < m.triangleCount(); t++) area += triangleArea(m, t);
        assertEquals(polygonArea(ObjTestSupport.resource("edgecases_assimp/concave_polygon.obj")), area, 1e-4);
    }

    @Test
    void generalPolygonsBecomeNMinusTwoTriangles() throws Exception {
        // issue-319-002.obj: three n-gons over 20 vertices; spot_control_mesh-like counts.
        assertEquals(14, mesh(readResource("edgecases_tinyobjloader/issue-319-002.obj")).triangleCount());
        TriangleMesh suzanne = mesh(readResource("suzanne/suzanne.obj"));
        assertEquals(32 + 2 * 468, suzanne.triangleCount());
    }

    @Test
    void utf16FileWithByteOrderMarkIsDecoded() throws Exception {
        ImportResult result = readResource("edgecases_assimp/box_UTF16BE.obj");
        assertEquals(12, mesh(result).triangleCount());
        assertEquals(8, mesh(result).vertexCount());
    }

    @Test
    void numberFormatsAndLayoutOddities() throws Exception {
        TriangleMesh dot = mesh(readResource("edgecases_tinyobjloader/leading-decimal-dot-issue-201.obj"));
        assertEquals(new Vec3(0.08f, -70f, -5.532511f), vertex(dot, dot.indices()[0]));
        TriangleMesh exp = mesh(readResource("edgecases_tinyobjloader/leading-zero-in-exponent-notation-issue-210.obj"));
        assertEquals(new Vec3(0.08f, -70f, -5.532511f), vertex(exp, exp.indices()[0]));
        // v x y z w: w ignored
        TriangleMesh w = mesh(readResource("edgecases_tinyobjloader/cube-vertex-w-component.obj"));
        assertEquals(12, w.triangleCount());
        assertEquals(new Vec3(0, 2, 2), vertex(w, 0)); // output vertices come in order of first use
        assertEquals(12, mesh(readResource("edgecases_assimp/box_without_lineending.obj")).triangleCount());
        assertEquals(1, mesh(readResource("edgecases_assimp/multiple_spaces.obj")).triangleCount());
        // vertex colours after x y z, vw skin weights and t crease tags are ignored
        assertEquals(12, mesh(readResource("edgecases_tinyobjloader/cube-vertexcol.obj")).triangleCount());
        assertEquals(12, mesh(readResource("edgecases_tinyobjloader/skin-weight.obj")).triangleCount());
        assertEquals(64, mesh(readResource("edgecases_tinyobjloader/catmark_torus_creases0.obj")).triangleCount());
    }

    @Test
    void crlfTabsTrailingCommentsAndContinuationLines(@TempDir Path dir) throws Exception {
        Path file = write(dir, "odd.obj", "v 0 0 0 # origin\r\nv\t1\t0\t0\r\nv 0 1 \\\r\n 0\r\n"
                + "# f 9 9 9 in a comment\r\nf\t1 2\\\n 3 # the only face");
        TriangleMesh m = mesh(ObjReader.read(file));
        assertEquals(1, m.triangleCount());
        assertEquals(new Vec3(0, 1, 0), vertex(m, m.indices()[2]));
    }

    @Test
    void backslashBeforeACommentOrAtTheEndOfTheFile(@TempDir Path dir) throws Exception {
        // Once the comment is cut off the line ends in a backslash; javagl's own line joining
        // would fail on a lone one (it cuts two characters).
        Path file = write(dir, "tail.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0 \\ # continued\n\nf 1 2 3\n\\ # c\n\\");
        assertEquals(1, mesh(ObjReader.read(file)).triangleCount());
    }

    @Test
    void linesAndPointsAreIgnoredWithOneWarning() throws Exception {
        ImportResult result = readResource("edgecases_assimp/testmixed.obj");
        assertEquals(12, mesh(result).triangleCount()); // its 6 f quads
        long warnings = result.warnings().stream().filter(w -> w.contains("6 line (l) and 6 point (p)")).count();
        assertEquals(1, warnings, result.warnings().toString());
    }

    @Test
    void facesWithFewerThanThreeCornersAreSkippedWithOneWarning(@TempDir Path dir) throws Exception {
        Path file = write(dir, "degenerate.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1\nf 1 2\nf 1 2 3\nf 2 3\n");
        ImportResult result = ObjReader.read(file);
        assertEquals(1, mesh(result).triangleCount());
        assertEquals(1, result.warnings().size());
        assertEquals(file + ":4: skipped 3 faces with fewer than 3 corners", result.warnings().get(0));
    }

    @Test
    void texCoordsKeptPerVertexAndZeroWhereAFaceHasNone() throws Exception {
        // issue-161: every face has v/vt except the last, "f 5 1 3".
        TriangleMesh m = mesh(readResource("edgecases_tinyobjloader/issue-161-inconsistent-f.obj"));
        assertNotNull(m.texCoords());
        int last = m.triangleCount() - 1;
        for (int k = 0; k < 3; k++) {
            int v = m.indices()[3 * last + k];
            assertEquals(0f, m.texCoords()[2 * v]);
            assertEquals(0f, m.texCoords()[2 * v + 1]);
        }
        // first face "f 1/1 2/2 3/3": vt 2 is (1, 0)
        int v = m.indices()[1];
        assertEquals(1f, m.texCoords()[2 * v]);
        assertEquals(0f, m.texCoords()[2 * v + 1]);
        assertNull(mesh(readResource("cow/cow.obj")).texCoords());
    }

    @Test
    void vertexIsOneOutputVertexPerDistinctIndexTriple(@TempDir Path dir) throws Exception {
        // Two triangles share the edge 2-3; vertex 2 is used with two different vt.
        Path file = write(dir, "seam.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nvt 1 1\nvt 0.5 0.5\n"
                + "vn 0 0 1\nf 1/1/1 2/2/1 3/3/1\nf 2/5/1 4/4/1 3/3/1\n");
        TriangleMesh m = mesh(ObjReader.read(file));
        assertEquals(5, m.vertexCount()); // (2,2,1) and (2,5,1) differ; (3,3,1) shared
        assertEquals(m.indices()[2], m.indices()[5]);
    }

    @Test
    void faceWithTextureIndicesOnOnlySomeCornersDropsThemWithAWarning(@TempDir Path dir) throws Exception {
        Path file = write(dir, "mixed.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.5 0.5\nvt 0.25 0.25\nf 1/2 2/2 3/2\nf 1/1 2 3\n");
        ImportResult result = ObjReader.read(file);
        TriangleMesh m = mesh(result);
        for (int k = 3; k < 6; k++) {
            int v = m.indices()[k];
            assertEquals(0f, m.texCoords()[2 * v], "javagl would hand out the previous face's vt index 2");
        }
        assertTrue(result.warnings().get(0).startsWith(file + ":7: 1 face(s) give texture or normal indices for only some corners"),
                result.warnings().toString());
    }

    @Test
    void modelWithoutFacesIsAnError() {
        for (String name : new String[] {"edgecases_assimp/testline.obj", "edgecases_assimp/testpoints.obj",
                "edgecases_assimp/point_cloud.obj", "edgecases_tinyobjloader/line-prim.obj",
                "edgecases_tinyobjloader/points-prim.obj", "edgecases_tinyobjloader/invalid-face-definition.obj"}) {
            Path file = ObjTestSupport.resource(name);
            assertEquals(file + ": contains no faces to render", ObjTestSupport.failure(file, 0).getMessage());
        }
    }

    @Test
    void emptyFileIsAnError(@TempDir Path dir) throws Exception {
        Path file = write(dir, "empty.obj", "");
        assertEquals(file + ": contains no faces to render", ObjTestSupport.failure(file, 0).getMessage());
    }

    @Test
    void lowResolutionBunnyWithCrlfLineEndings() throws Exception {
        TriangleMesh m = mesh(readResource("bunny_lowres/bunny.obj"));
        assertEquals(4968, m.triangleCount());
        assertEquals(2503, m.vertexCount());
    }

    /**
     * Faces of 2,048 random corners (the most a face may have) took 0.15 s each to ear-clip, so a
     * file of many took seconds. Past the file's budget they are fanned, with one warning naming
     * the first; without the budget they were all ear-clipped, without one.
     */
    @Test
    void facesOfRandomCornersPastTheEarClippingBudgetAreFannedWithOneWarning(@TempDir Path dir) throws Exception {
        int n = 2048, faces = 4;
        java.util.Random random = new java.util.Random(11);
        StringBuilder text = new StringBuilder();
        for (int v = 0; v < n; v++) text.append("v ").append(random.nextFloat()).append(' ').append(random.nextFloat()).append(" 0\n");
        // A face of 20 of them first, ear-clipped within the budget.
        text.append("f 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20\n");
        for (int f = 0; f < faces; f++) {
            text.append('f');
            for (int v = 0; v < n; v++) text.append(' ').append(1 + random.nextInt(n));
            text.append('\n');
        }
        ImportResult r = ObjReader.read(write(dir, "garbage.obj", text.toString()));
        assertEquals(18 + faces * (n - 2), mesh(r).triangleCount());
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(0).contains("garbage.obj: face 2 (2048 corners) and 3 later polygons triangulated as fans"),
                r.warnings().toString());
    }

    private static boolean close(Vec3 a, Vec3 b) {
        return ObjTestSupport.close(a, b, 1e-5);
    }

    /** Area of the file's only face from Newell's formula, computed independently of the importer. */
    private static double polygonArea(Path file) throws Exception {
        java.util.List<double[]> vs = new java.util.ArrayList<>();
        double nx = 0, ny = 0, nz = 0;
        for (String line : java.nio.file.Files.readAllLines(file)) {
            String[] w = line.trim().split("\\s+");
            if (w[0].equals("v")) vs.add(new double[] {Double.parseDouble(w[1]), Double.parseDouble(w[2]), Double.parseDouble(w[3])});
            if (w[0].equals("f")) {
                int n = w.length - 1;
                for (int i = 0; i < n; i++) {
                    double[] a = vs.get(Integer.parseInt(w[1 + i].split("/")[0]) - 1);
                    double[] b = vs.get(Integer.parseInt(w[1 + (i + 1) % n].split("/")[0]) - 1);
                    nx += (a[1] - b[1]) * (a[2] + b[2]);
                    ny += (a[2] - b[2]) * (a[0] + b[0]);
                    nz += (a[0] - b[0]) * (a[1] + b[1]);
                }
            }
        }
        return 0.5 * Math.sqrt(nx * nx + ny * ny + nz * nz);
    }
}
