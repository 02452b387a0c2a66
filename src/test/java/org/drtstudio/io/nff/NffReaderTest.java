package org.drtstudio.io.nff;

import org.drtstudio.io.ImportResult;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.PolygonChecks;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.drtstudio.io.nff.NffTestSupport.assertSane;
import static org.drtstudio.io.nff.NffTestSupport.mesh;
import static org.drtstudio.io.nff.NffTestSupport.read;
import static org.drtstudio.io.nff.NffTestSupport.spheres;
import static org.drtstudio.io.nff.NffTestSupport.triangleCount;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** NFF entities and their translation, on the small SPD and assimp files kept in test resources. */
class NffReaderTest {
    private static final double EPS = 1e-5;

    private static Scene resource(String name) throws Exception {
        ImportResult r = NffReader.read(TestData.resource("nff/" + name));
        assertSane(r.scene());
        return r.scene();
    }

    private static double expectedFov(double nffAngle, int height) {
        return Math.toDegrees(2 * Math.atan(Math.tan(Math.toRadians(nffAngle / 2)) * height / (height - 1.0)));
    }

    private static void assertVec(double x, double y, double z, Vec3 v) {
        assertEquals(x, v.x(), EPS);
        assertEquals(y, v.y(), EPS);
        assertEquals(z, v.z(), EPS);
    }

    // ---- every resource file ----

    @TestFactory
    Stream<DynamicTest> everyResourceFileLoads() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(TestData.resource("nff"))) {
            files = s.filter(p -> p.toString().endsWith(".nff")).sorted().toList();
        }
        assertTrue(files.size() >= 19);
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            ImportResult r = NffReader.read(f);
            assertSane(r.scene());
            for (String w : r.warnings()) assertTrue(w.startsWith(f.toString()), "warning names the file: " + w);
        }));
    }

    // ---- counts ----

    @Test
    void tetraS2HasSixteenTriangles() throws Exception {
        Scene s = resource("tetra_s2.nff");
        assertEquals(16, triangleCount(s));
        assertEquals(48, mesh(s).vertexCount(), "polygons do not share vertices");
        assertTrue(spheres(s).isEmpty());
    }

    @Test
    void jacksS1HasThreeCylindersAndSixSpheres() throws Exception {
        Scene s = resource("jacks_s1.nff");
        assertEquals(6, spheres(s).size());
        assertEquals(3 * 2 * ConeTessellator.SEGMENTS, triangleCount(s));
        assertEquals(1, s.lights().size());
        assertEquals(1f, s.lights().get(0).intensity(), 1e-6f);
    }

    @Test
    void gearsS1ConcaveFacesAreEarClippedExactly() throws Exception {
        Path file = TestData.resource("nff/gears_s1.nff");
        List<float[]> polygons = polygonsOf(file);
        assertEquals(147, polygons.size());
        Scene s = NffReader.read(file).scene();
        TriangleMesh m = mesh(s);
        int[] idx = m.indices();
        int vertex = 0, triangle = 0, bigOnes = 0;
        for (float[] poly : polygons) {
            int n = poly.length / 3;
            // Triangles of one polygon are consecutive and only use that polygon's own vertices.
            int[] local = new int[3 * (n - 2)];
            for (int k = 0; k < local.length; k++) {
                local[k] = idx[3 * triangle + k] - vertex;
                assertTrue(local[k] >= 0 && local[k] < n, "triangle stays within its polygon");
            }
            if (n == 144) {
                bigOnes++;
                assertEquals(142 * 3, local.length);
            }
            PolygonChecks.assertCovers(poly, n, local);
            for (int i = 0; i < 3 * n; i++) assertEquals(poly[i], m.positions()[3 * vertex + i]);
            vertex += n;
            triangle += n - 2;
        }
        assertEquals(2, bigOnes);
        assertEquals(triangle, m.triangleCount());
        assertEquals(vertex, m.vertexCount());
    }

    /** The vertices of each p/pp record of a file, read independently of the reader under test. */
    static List<float[]> polygonsOf(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<float[]> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] t = lines.get(i).trim().split("\\s+");
            if (t[0].equals("p") || t[0].equals("pp")) {
                int n = Integer.parseInt(t[1]);
                float[] xyz = new float[3 * n];
                for (int k = 0; k < n; k++) {
                    String[] v = lines.get(i + 1 + k).trim().split("\\s+");
                    for (int c = 0; c < 3; c++) xyz[3 * k + c] = Float.parseFloat(v[c]);
                }
                out.add(xyz);
                i += n;
            }
        }
        return out;
    }

    @Test
    void teapotS1DegeneratePatchesStillGiveUnitNormals() throws Exception {
        Scene s = resource("teapot_s1.nff");
        // 1 checkerboard square (2 triangles) + 56 patches of 3 vertices.
        assertEquals(2 + 56, triangleCount(s));
    }

    @Test
    void patchKeepsItsNormalsNormalised() throws Exception {
        Scene s = read("pp 3\n0 0 0 0 0 2\n1 0 0 0 3 4\n0 1 0 0 0 0\n").scene();
        float[] n = mesh(s).normals();
        assertArrayEquals(new float[]{0, 0, 1, 0, 0.6f, 0.8f, 0, 0, 1}, n, 1e-6f,
                "given normals normalised; a zero normal takes the face normal");
    }

    // ---- camera, background, resolution ----

    @Test
    void ballsS1ViewIsReproduced() throws Exception {
        Scene s = resource("balls_s1.nff");
        Camera c = s.camera();
        assertVec(2.1, 1.3, 1.7, c.eye());
        assertVec(0, 0, 0, c.look());
        assertVec(0, 0, 1, c.up());
        assertEquals(expectedFov(45, 512), c.fovY(), 1e-4);
        assertEquals(512, s.settings().width());
        assertEquals(512, s.settings().height());
        assertVec(0.078, 0.361, 0.753, s.settings().background());
    }

    @Test
    void angleSpansPixelCentresNotImageEdges() throws Exception {
        Scene s = read("v\nfrom 0 0 10\nat 0 0 0\nup 0 1 0\nangle 20\nhither 1\nresolution 512 512\ns 0 0 0 1\nl 0 0 10\n").scene();
        double fov = s.camera().fovY();
        assertEquals(expectedFov(20, 512), fov, 1e-4);
        assertEquals(Math.toDegrees(2 * Math.atan(Math.tan(Math.toRadians(10)) * 512 / 511)), fov, 1e-4);
        // The ray through the centre of the top pixel row (at y = 0.5 of 512) is angle/2 above the axis,
        // exactly where NFF puts its top row.
        double topRowCentre = (1 - 1.0 / 512) * Math.tan(Math.toRadians(fov / 2));
        assertEquals(Math.tan(Math.toRadians(10)), topRowCentre, 1e-6);
    }

    @Test
    void nonSquareResolutionUsesHeightForTheAngle() throws Exception {
        Scene s = resource("assimp_dialects/WithCamera.nff");
        assertEquals(640, s.settings().width());
        assertEquals(480, s.settings().height());
        assertEquals(expectedFov(60, 480), s.camera().fovY(), 1e-4);
    }

    @Test
    void oneRowImageUsesTheAngleAsIs() {
        assertEquals(30f, Viewpoint.fovY(30f, 1));
    }

    @Test
    void withoutViewpointTheDefaultViewFramesTheScene() throws Exception {
        ImportResult r = read("s 10 0 0 1\ns -10 0 0 1\n");
        Scene s = r.scene();
        assertEquals(512, s.settings().width());
        assertEquals(512, s.settings().height());
        Camera c = s.camera();
        assertVec(0, 0, 0, c.look());
        double distance = c.eye().minus(c.look()).length();
        double radius = Math.sqrt(11 * 11 + 1 + 1);
        assertTrue(distance * Math.sin(Math.toRadians(c.fovY() / 2)) >= radius, "bounding sphere fits the view");
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no viewpoint")));
        // No light in the file: one white light at the eye, with a warning.
        assertEquals(1, s.lights().size());
        assertEquals(c.eye(), s.lights().get(0).position());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no lights")));
    }

    @Test
    void missingUpAndAngleTakeDefaultsWithAWarning() throws Exception {
        ImportResult r = read("v\nfrom 0 0 10\nat 0 0 0\ns 0 0 0 1\nl 1 1 1\n");
        assertVec(0, 1, 0, r.scene().camera().up());
        assertEquals(expectedFov(45, 512), r.scene().camera().fovY(), 1e-4);
        assertTrue(r.warnings().get(0).startsWith("inline.nff:1: viewpoint block lacks 'up', 'angle'"), r.warnings().get(0));
    }

    @Test
    void backgroundDefaultsToBlack() throws Exception {
        Scene s = read("s 0 0 0 1\n").scene();
        assertEquals(Vec3.ZERO, s.settings().background());
        assertVec(0.1, 0.1, 0.1, s.settings().ambientLight());
        assertEquals(1f, s.settings().attenuationC1());
        assertEquals(0f, s.settings().attenuationC2());
        assertEquals(0f, s.settings().attenuationC3());
    }

    // ---- lights ----

    @Test
    void lightsShareTheIntensityOneOverRootN() throws Exception {
        Scene s = read("l 1 2 3\nl 4 5 6 0.5 0.25 1\ns 0 0 0 1\n").scene();
        List<Light> lights = s.lights();
        assertEquals(2, lights.size());
        assertVec(1, 2, 3, lights.get(0).position());
        assertEquals(Vec3.ONE, lights.get(0).color());
        assertVec(0.5, 0.25, 1, lights.get(1).color());
        for (Light l : lights) {
            assertEquals(1 / Math.sqrt(2), l.intensity(), 1e-6);
            assertEquals(0f, l.radius());
        }
        Scene balls = resource("balls_s1.nff");
        assertEquals(3, balls.lights().size());
        assertEquals(1 / Math.sqrt(3), balls.lights().get(0).intensity(), 1e-6);
    }

    @Test
    void assimpLightIntensityScalesTheColour() throws Exception {
        Scene s = read("l 1 2 3 0.5\nl 1 2 3 2 0 1 0\ns 0 0 0 1\n").scene();
        assertVec(0.5, 0.5, 0.5, s.lights().get(0).color());
        assertVec(0, 2, 0, s.lights().get(1).color());
    }

    // ---- materials ----

    @Test
    void fillBecomesPhongMaterial() throws Exception {
        Scene s = resource("balls_s1.nff");
        assertEquals(2, s.materials().size());
        Material floor = s.materials().get(0); // f 1 0.75 0.33 0.8 0 100000 0 1
        assertVec(0.8, 0.6, 0.264, floor.diffuse());
        assertEquals(floor.diffuse(), floor.ambient());
        assertEquals(Vec3.ZERO, floor.specular());
        assertEquals(100000f, floor.phongExponent());
        assertEquals(0f, floor.reflectivity());
        assertEquals(0f, floor.transparency());
        assertEquals(1f, floor.ior());
        assertEquals(Vec3.ZERO, floor.absorption());
        assertNull(floor.diffuseTexture());
        Material balls = s.materials().get(1); // f 1 0.9 0.7 0.5 0.5 3.0827 0 1
        assertVec(0.5, 0.45, 0.35, balls.diffuse());
        assertVec(0.5, 0.5, 0.5, balls.specular());
        assertEquals(0.5f, balls.reflectivity());
        assertEquals(3.0827f, balls.phongExponent(), 1e-6f);
        for (int mat : mesh(s).triangleMaterials()) assertEquals(0, mat);
        for (Sphere sp : spheres(s)) assertEquals(1, sp.material());
    }

    @Test
    void transmittanceAndRefractionIndexAndZeroIndex() throws Exception {
        Scene s = read("f 1 1 1 0.3 0.6 3 0 0\np 3\n0 0 0\n1 0 0\n0 1 0\nf 1 0.6 0.4 0.2 0 100000 0.8 1.1\ns 0 0 0 1\n").scene();
        assertEquals(1f, s.materials().get(0).ior(), "index 0 (SPD's opaque fills) means 1");
        Material glass = s.materials().get(1);
        assertEquals(0.8f, glass.transparency());
        assertEquals(1.1f, glass.ior());
    }

    @Test
    void shortFillsAndTextureNamesAreAccepted() throws Exception {
        Scene s = read("f 1 0 0\ns 0 0 0 1\nf 0.3 0.3 0.3 1 1\ns 1 0 0 1\nf 1 0.9 0.7 0.5 0.5 45.2776 0 1 earth.jpg\ns 2 0 0 1\n").scene();
        Material red = s.materials().get(0);
        assertVec(1, 0, 0, red.diffuse());
        assertEquals(Vec3.ZERO, red.specular());
        assertEquals(0f, red.phongExponent());
        assertEquals(0f, red.transparency());
        assertEquals(1f, red.ior());
        assertVec(1, 1, 1, s.materials().get(1).specular());
        // resolved beside the NFF (read() names it inline.nff in the working folder), as an absolute path
        assertEquals(Path.of("earth.jpg").toAbsolutePath().normalize().toString(), s.materials().get(2).diffuseTexture());
        assertEquals(2, spheres(s).get(2).material());
    }

    @Test
    void equalFillsShareOneMaterial() throws Exception {
        Scene s = read("f 1 0 0 1 0 0 0 1\ns 0 0 0 1\nf 0 1 0 1 0 0 0 1\ns 1 0 0 1\nf 1 0 0 1 0 0 0 1\ns 2 0 0 1\n").scene();
        assertEquals(2, s.materials().size());
        assertEquals(List.of(0, 1, 0), spheres(s).stream().map(Sphere::material).toList());
        assertEquals(1, resource("assimp_dialects/ManyEarthsNotJustOne.nff").materials().size());
    }

    @Test
    void primitivesBeforeAnyFillGetTheDefaultMaterial() throws Exception {
        Scene s = read("s 0 0 0 1\nf 1 0 0 1 0 0 0 1\ns 1 0 0 1\n").scene();
        Material first = s.materials().get(0);
        assertEquals(Material.DEFAULT.diffuse(), first.diffuse());
        assertEquals(Material.DEFAULT.phongExponent(), first.phongExponent());
        assertEquals(0, spheres(s).get(0).material());
        assertEquals(1, spheres(s).get(1).material());
        assertEquals(1, read("s 0 0 0 1\n").scene().materials().size());
        assertFalse(read("").scene().materials().isEmpty(), "even an empty file has a material");
    }

    // ---- spheres ----

    @Test
    void sphereIgnoresAssimpTessellationNumbers() throws Exception {
        Scene s = resource("assimp_dialects/spheres.nff");
        assertEquals(4, spheres(s).size());
        assertEquals(4f, spheres(s).get(2).radius());
        assertVec(1, -4, 2, spheres(s).get(2).center());
    }

    // ---- polygons ----

    @Test
    void flatPolygonKeepsWindingAndFaceNormal() throws Exception {
        String ccw = "p 6\n0 0 0\n2 0 0\n2 1 0\n1 1 0\n1 3 0\n0 3 0\n";
        TriangleMesh m = mesh(read(ccw).scene());
        assertEquals(4, m.triangleCount());
        for (int i = 0; i < m.vertexCount(); i++) assertEquals(1f, m.normals()[3 * i + 2]);
        assertAllTrianglesFace(m, 1);

        String cw = "p 6\n0 3 0\n1 3 0\n1 1 0\n2 1 0\n2 0 0\n0 0 0\n";
        TriangleMesh flipped = mesh(read(cw).scene());
        for (int i = 0; i < flipped.vertexCount(); i++) assertEquals(-1f, flipped.normals()[3 * i + 2]);
        assertAllTrianglesFace(flipped, -1);
    }

    private static void assertAllTrianglesFace(TriangleMesh m, int zSign) {
        float[] p = m.positions();
        int[] idx = m.indices();
        for (int t = 0; t < m.triangleCount(); t++) {
            int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
            double cz = (p[b] - p[a]) * (p[c + 1] - p[a + 1]) - (p[b + 1] - p[a + 1]) * (p[c] - p[a]);
            assertTrue(cz * zSign > 0, "triangle " + t + " keeps the polygon's winding");
        }
    }

    @Test
    void polygonsDoNotShareVertices() throws Exception {
        TriangleMesh m = mesh(read("p 3\n0 0 0\n1 0 0\n0 1 0\np 3\n0 0 0\n1 0 0\n0 1 0\n").scene());
        assertEquals(6, m.vertexCount());
        assertEquals(2, m.triangleCount());
    }

    @Test
    void largeConvexPolygonIsEarClipped() throws Exception {
        int n = 3000;
        StringBuilder sb = new StringBuilder("p " + n + "\n");
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            sb.append(Math.cos(a)).append(' ').append(Math.sin(a)).append(" 0\n");
        }
        ImportResult r = read(sb.toString());
        assertEquals(n - 2, triangleCount(r.scene()));
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("fan")), r.warnings().toString());
    }

    /**
     * Polygons of random corners cost ear clipping far beyond what their size suggests (0.15 s each
     * for 2,000, 1.1 s for 4,096); past the file's budget they are fanned, with one warning naming
     * the first. Without the budget these were ear-clipped without a warning.
     */
    @Test
    void polygonsOfRandomCornersPastTheBudgetAreFannedWithOneWarning() throws Exception {
        int n = 2000, polygons = 4;
        java.util.Random random = new java.util.Random(5);
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < polygons; p++) {
            sb.append("p ").append(n).append('\n');
            for (int i = 0; i < n; i++) sb.append(random.nextFloat()).append(' ').append(random.nextFloat()).append(" 0\n");
        }
        ImportResult r = read(sb.toString());
        assertEquals(polygons * (n - 2), triangleCount(r.scene()));
        List<String> fans = r.warnings().stream().filter(w -> w.contains("fan")).toList();
        assertEquals(1, fans.size(), r.warnings().toString());
        assertTrue(fans.get(0).startsWith("inline.nff:1: the polygon (2000 corners) and 3 later polygons triangulated as fans"), fans.get(0));
    }

    // ---- syntax ----

    @Test
    void commentsCrLfTabsAndMissingFinalNewline() throws Exception {
        String text = "# header comment\r\nv\r\nfrom 0 0 5 # the eye\r\n\tat 0 0 0\r\nup   0 1 0\r\nangle 40\r\n"
                + "hither\t0.1\r\nresolution 100 50\r\n\r\n   \r\nl 1 1 1#light\r\ns 0 0 0 1";
        ImportResult r = read(text);
        Scene s = r.scene();
        assertEquals(1, spheres(s).size());
        assertVec(0, 0, 5, s.camera().eye());
        assertEquals(100, s.settings().width());
        assertEquals(50, s.settings().height());
        assertEquals(expectedFov(40, 50), s.camera().fovY(), 1e-4);
        assertEquals(List.of(), r.warnings());
        // Old Mac line ends (lone CR) too.
        assertEquals(2, spheres(read("s 0 0 0 1\rs 1 1 1 1\r").scene()).size());
    }

    @Test
    void assimpKeywordsAreSkippedWithWarningsNamingTheLine() throws Exception {
        ImportResult r = read("tess 4\ns 0 0 0 1\ndod 0 0 0 5\nl 1 1 1\n");
        assertEquals(1, spheres(r.scene()).size());
        assertTrue(r.warnings().contains("inline.nff:1: 'tess' is an assimp extension, not NFF; line skipped"), r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("inline.nff:3: 'dod'")));

        // The same warning many times is listed a few times, then counted.
        ImportResult many = read("tess 1\n".repeat(50) + "s 0 0 0 1\nl 1 1 1\nv\nfrom 0 0 5\nat 0 0 0\nup 0 1 0\nangle 45\n");
        assertListedThenCounted(many.warnings());
    }

    private static void assertListedThenCounted(List<String> warnings) {
        assertEquals(6, warnings.size(), warnings.toString());
        assertTrue(warnings.get(5).contains("45 more warnings"), warnings.get(5));
    }

    @Test
    void onlyUnsupportedKeywordsLoadEmptyWithWarnings() throws Exception {
        for (String name : List.of("dodecahedron.nff", "hexahedron.nff", "octahedron.nff", "tetrahedron.nff")) {
            ImportResult r = NffReader.read(TestData.resource("nff/assimp_dialects/" + name));
            assertNull(mesh(r.scene()));
            assertTrue(spheres(r.scene()).isEmpty());
            assertTrue(r.warnings().stream().anyMatch(w -> w.contains(name + ":") && w.contains("assimp extension")), name);
        }
    }

    @Test
    void texturedPatchIsReadAsPatch() throws Exception {
        ImportResult r = read("tpp 3\n0 0 0 0 0 1 0 0\n1 0 0 0 0 1 1 0\n0 1 0 0 0 1 0 1\n");
        assertEquals(1, triangleCount(r.scene()));
        assertTrue(r.warnings().get(0).startsWith("inline.nff:1: 'tpp'"));
    }
}
