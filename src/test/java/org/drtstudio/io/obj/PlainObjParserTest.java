package org.drtstudio.io.obj;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.io.support.TextDecoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The fast path for plain OBJ files reads exactly what the validating javagl path reads, and
 * declines (so the validating path reports) everything else.
 */
class PlainObjParserTest {
    @TempDir
    Path dir;

    static final String[] PLAIN = {
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "# a comment line\n\nv 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nv 1 1 0\r\ng part\no thing\nf 1 2 3 4\r\n",
            "v -1.5e-3 +2.25 3E2\nv 0.1 0.2 0.3 1.0\nv 1e-45 1e18 -0.0\nvt 0.5\nvt 0.25 0.75 0\nvt 1 1\n"
                    + "vn 0 0 2\nvn 0 1 0\nvn 1 0 0\nf 1/1/1 2/2/2 3/3/3\nf -3/-3 -2/-2 -1/-1\nf 1//1 2//2 3//3\n",
            "v 0x1p-2 1.0f 2d\nv 0.12345678901234567890123 1 0\nv\t1\t1\t1\nf 1 2 3\nf\t-1 -2 -3\n",
            "\uFEFFv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3", // UTF-8 byte order mark, no final newline
            " \t# an indented comment # with a second hash\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\r", // a final CR, no newline
            // Statements whose meaning depends on the ones before: resolved in file order at the merge.
            "v 0 0 0\nv 1 0 0\nv 0 1 0\ns 1\nf 1 2 3\n",
            "mtllib a.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl x\nf 1 2 3\n",
            "mtllib  a b.mtl \t\r\nmtllib\tc.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nusemtl\tred  one \n\nf 1 2 3\ns off\n"
                    + "usemtl blue\nf 1 2 3\ns 01\nusemtl red  one\nf 1 2 3\ns on\nf 1 2 3\ns 1\nf 1 2 3\nusemtl\nf 1 2 3\ns\nf 1 2 3\n",
    };

    static final String[] NOT_PLAIN = {
            "v 0 0 0\nv 1 0 0\nv 1e-45 3.4028235e38 -0.0\nf 1 2 3\n", // beyond TriangleMesh.MAX_COORDINATE: the validating path refuses it
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl x # a comment\nf 1 2 3\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nUSEMTL x\nf 1 2 3\n",
            "v 0 0 0 # trailing comment\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 \\\n3\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2 3\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -4 -2 -1\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\nf 1 2 3\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nf 1 2 3\n",
            "V 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "v 0 0 zero\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "v 0 0 1e39\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n# caf\u00e9\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\rf 1 2 3\n",
            // Group names are not read, so only the line's scan can decline these.
            "g part\r\r\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "g pa\u0000rt\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "g pa\u007frt\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "g pa\\rt\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "v# 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//2\n",
            "# no faces\nv 0 0 0\n",
    };

    @Test
    void plainFilesReadExactlyAsTheValidatingPathReadsThem() throws Exception {
        for (String text : PLAIN) {
            Path f = write(text);
            ObjGeometry fast = PlainObjParser.parse(f).geometry();
            assertNotNull(fast, "the fast path takes\n" + text);
            assertSameGeometry(validating(f), fast, text);
        }
    }

    @Test
    void everythingElseIsLeftToTheValidatingPath() throws Exception {
        for (String text : NOT_PLAIN) assertNull(PlainObjParser.parse(write(text)).geometry(), "the fast path declines\n" + text);
    }

    @Test
    void errorsKeepTheValidatingPathsMessageAndLine() throws Exception {
        Path f = write("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 7\n");
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ObjReader.read(f));
        assertTrue(e.getMessage().contains(":5:") && e.getMessage().contains("face refers to vertex 7 but only 3 vertices are defined"),
                e.getMessage());
    }

    /** Large enough to be parsed in parallel chunks; relative indices reach across chunk boundaries. */
    @Test
    void parallelChunksGiveTheSameGeometry() throws Exception {
        Random random = new Random(7);
        StringBuilder sb = new StringBuilder();
        int vertices = 0;
        while (sb.length() < 6 << 20) {
            for (int i = 0; i < 3; i++, vertices++) {
                sb.append(String.format(Locale.ROOT, "v %.7f %.6e %s%n", random.nextGaussian(), random.nextDouble() * 1e-3,
                        Float.toString(random.nextFloat() * 100 - 50)));
            }
            sb.append("vn ").append(random.nextFloat()).append(" 1 0\n");
            if (random.nextBoolean()) sb.append("f -1//-1 -2//-1 -3//-1\n");
            else sb.append("f ").append(vertices - 2).append("//1 ").append(vertices - 1).append("//1 ").append(vertices).append("//1\n");
        }
        Path f = write(sb.toString());
        ObjGeometry fast = PlainObjParser.parse(f).geometry();
        assertNotNull(fast);
        assertSameGeometry(validating(f), fast, "generated " + sb.length() + " bytes");
    }

    /**
     * Chunks keep no per-corner normal or texture-coordinate lists until a corner names one: here
     * only the last part of the file does, so the first chunk has none and later ones start theirs
     * part-way; the merged geometry is still the validating path's.
     */
    @Test
    void cornersWithoutNormalsInSomeChunksGiveTheSameGeometry() throws Exception {
        StringBuilder sb = new StringBuilder("vn 0 0 1\nvt 0.5 0.5\n");
        int vertices = 0;
        while (sb.length() < 6 << 20) {
            for (int i = 0; i < 3; i++, vertices++) sb.append("v ").append(vertices % 97).append(' ').append(vertices % 89).append(" 1.5\n");
            if (sb.length() < 5 << 20) sb.append("f -3 -2 -1\n");
            else if (vertices % 2 == 0) sb.append("f -3//1 -2//1 -1//1\n");
            else sb.append("f -3/1 -2/1 -1/1\n");
        }
        Path f = write(sb.toString());
        ObjGeometry fast = PlainObjParser.parse(f).geometry();
        assertNotNull(fast);
        assertSameGeometry(validating(f), fast, "generated " + sb.length() + " bytes");
    }

    @Test
    void plainMeshPathBuildsTheSameMeshAsTheGeneralOne() throws Exception {
        Path f = write(ObjNormalsTest.uvSphere(40, 60));
        ObjGeometry g = PlainObjParser.parse(f).geometry();
        assertNotNull(g);
        TriangleMesh plain = new ObjMeshBuilder(g, new int[0]).build("m");
        TriangleMesh general = new ObjMeshBuilder(g, new int[0], false).build("m");
        assertArrayEquals(general.positions(), plain.positions());
        assertArrayEquals(general.normals(), plain.normals());
        assertArrayEquals(general.indices(), plain.indices());
        assertArrayEquals(general.triangleMaterials(), plain.triangleMaterials());
        assertNull(plain.texCoords());
    }

    /**
     * Split into vertex ranges and face chunks of a few faces, the plain builder still makes the
     * general path's mesh bit for bit: quads and a concave pentagon (triangulated), a face of zero
     * area (its vertices keep the fallback normal), an unused vertex, a triangle and its reverse.
     */
    @Test
    void plainMeshInPartsIsTheGeneralPathsMesh() throws Exception {
        assertPlainMeshInPartsIsTheGeneralPathsMesh(ObjNormalsTest.uvSphere(12, 20)
                + "v 5 0 0\nv 6 0 0\nv 6 1 0\nv 5 1 0\nv 5.5 0.2 0\nv 9 9 9\nv 7 0 0\nv 8 0 0\n"
                + "f -8 -7 -6 -5\nf -8 -4 -7 -6 -5\nf -2 -1 -1\nf -8 -7 -6\nf -6 -7 -8\n");
    }

    /**
     * As above where, as in a subdivided mesh, the first vertices are used again by the last faces,
     * so a part's range of vertices needs faces from the first to the last: among them a face of
     * zero area, a quad, and a triangle and its reverse.
     */
    @Test
    void plainMeshWithVerticesUsedFromFirstToLastFaceIsTheGeneralPathsMesh() throws Exception {
        assertPlainMeshInPartsIsTheGeneralPathsMesh(ObjNormalsTest.uvSphere(12, 20)
                + "v 5 0 0\nv 6 0 0\nv 6 1 0\n"
                + "f 1 2 13\nf 2 1 14 15\nf 1 1 2\nf 3 -3 -2\nf -2 -3 3\nf 40 -1 41\n");
    }

    /**
     * As above with faces the ear-clipping budget meters: the plain builder clips them after its
     * parallel pass, in face order, so it fans the same ones as the general path: a face of 20
     * random corners within the budget, faces of 2,048 past it, then the face of 20 again.
     */
    @Test
    void plainMeshWithFacesPastTheEarClippingBudgetIsTheGeneralPathsMesh() throws Exception {
        StringBuilder sb = new StringBuilder(ObjNormalsTest.uvSphere(12, 20));
        java.util.Random random = new java.util.Random(2);
        int n = 2048;
        for (int v = 0; v < n; v++) sb.append("v ").append(random.nextFloat()).append(' ').append(random.nextFloat()).append(" 0\n");
        String twenty = "f -1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -11 -12 -13 -14 -15 -16 -17 -18 -19 -20\n";
        sb.append(twenty);
        for (int f = 0; f < 3; f++) {
            sb.append('f');
            for (int v = 0; v < n; v++) sb.append(' ').append(-1 - random.nextInt(n));
            sb.append("\nf -1 -2 -3\n");
        }
        sb.append(twenty);
        // Lines this long go to the validating parser; the geometry is plain all the same.
        assertPlainMeshInPartsIsTheGeneralPathsMesh(validating(write(sb.toString())));
    }

    private void assertPlainMeshInPartsIsTheGeneralPathsMesh(String obj) throws Exception {
        ObjGeometry g = PlainObjParser.parse(write(obj)).geometry();
        assertNotNull(g);
        assertPlainMeshInPartsIsTheGeneralPathsMesh(g);
    }

    private static void assertPlainMeshInPartsIsTheGeneralPathsMesh(ObjGeometry g) {
        TriangleMesh general = new ObjMeshBuilder(g, new int[0], false).build("m");
        for (int parts : new int[]{1, 2, 3, 7}) {
            TriangleMesh plain = PlainMeshBuilder.build(g, new int[0], "m", parts, 5);
            assertArrayEquals(general.positions(), plain.positions(), parts + " parts");
            assertArrayEquals(general.normals(), plain.normals(), parts + " parts");
            assertArrayEquals(general.indices(), plain.indices(), parts + " parts");
            assertArrayEquals(general.triangleMaterials(), plain.triangleMaterials(), parts + " parts");
        }
    }

    private Path write(String text) throws IOException {
        Path f = Files.createTempFile(dir, "plain", ".obj");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    static ObjGeometry validating(Path f) throws Exception {
        try (Reader text = TextDecoding.open(f)) {
            ObjStatementReader statements = new ObjStatementReader(text);
            ObjGeometryCollector collector = new ObjGeometryCollector(statements);
            de.javagl.obj.ObjReader.read(statements, collector);
            return collector.finish(f, new ImportWarnings());
        }
    }

    static void assertSameGeometry(ObjGeometry expected, ObjGeometry actual, String what) {
        assertArrayEquals(expected.positions(), actual.positions(), "positions of " + what);
        assertArrayEquals(expected.texCoords(), actual.texCoords(), "texture coordinates of " + what);
        assertArrayEquals(expected.normals(), actual.normals(), "normals of " + what);
        assertArrayEquals(expected.cornerVertex(), actual.cornerVertex(), "corner vertices of " + what);
        assertArrayEquals(expected.cornerTexCoord(), actual.cornerTexCoord(), "corner texture coordinates of " + what);
        assertArrayEquals(expected.cornerNormal(), actual.cornerNormal(), "corner normals of " + what);
        assertArrayEquals(expected.faceStart(), actual.faceStart(), "faces of " + what);
        assertArrayEquals(expected.faceSmoothing(), actual.faceSmoothing(), "smoothing of " + what);
        assertArrayEquals(expected.faceMaterial(), actual.faceMaterial(), "materials of " + what);
        assertEquals(expected.materials(), actual.materials());
        assertEquals(expected.libraries(), actual.libraries());
        // Bit patterns too: -0.0 and 0.0 compare equal as floats in assertArrayEquals.
        for (int i = 0; i < expected.positions().length; i++) {
            assertEquals(Float.floatToRawIntBits(expected.positions()[i]), Float.floatToRawIntBits(actual.positions()[i]),
                    "bits of coordinate " + i + " of " + what);
        }
        assertTrue(Arrays.equals(expected.positions(), actual.positions()));
    }
}
