package org.drtstudio.io.ply;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

/**
 * PLY import: the three encodings give one mesh, the same as an OBJ of the same faces; normals,
 * texture coordinates, colours and a MeshLab texture are read; hostile headers and bodies end in
 * one line naming the file and the reason, before anything large is allocated.
 */
class PlyReaderTest {
    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static TriangleMesh mesh(ImportResult r) {
        return ((MeshNode) r.scene().root().children().get(0)).mesh();
    }

    private static void assertSameMesh(TriangleMesh expected, TriangleMesh actual) {
        assertArrayEquals(expected.positions(), actual.positions());
        assertArrayEquals(expected.normals(), actual.normals());
        assertArrayEquals(expected.texCoords(), actual.texCoords());
        assertArrayEquals(expected.indices(), actual.indices());
        assertArrayEquals(expected.triangleMaterials(), actual.triangleMaterials());
    }

    @Test
    void theThreeEncodingsGiveTheMeshOfAnObjOfTheSameFaces() throws Exception {
        PlyFiles p = PlyFiles.cubeAndNotch();
        ImportResult obj = ObjReader.read(write("m.obj", p.obj().getBytes(StandardCharsets.US_ASCII)));
        for (PlyFormat f : PlyFormat.values()) {
            ImportResult ply = SceneLoader.load(write("m-" + f + ".ply", p.bytes(f)));
            TriangleMesh m = mesh(ply);
            assertSameMesh(mesh(obj), m);
            assertEquals(6 * 2 + 3, m.triangleCount(), f + ": quads give two triangles, the pentagon three");
            assertEquals(obj.scene().camera(), ply.scene().camera(), "framed as the OBJ is");
            assertTrue(ply.warnings().isEmpty(), ply.warnings().toString());
        }
    }

    @Test
    void theCpuTracerSeesThePlyAsItSeesTheObj() throws Exception {
        PlyFiles p = PlyFiles.cubeAndNotch();
        p.colours = true;
        for (int i = 0; i < p.vertices.size(); i++) {
            float[] v = p.vertices.get(i);
            p.vertices.set(i, new float[] {v[0], v[1], v[2], 200, 200, 200});
        }
        ImportResult obj = ObjReader.read(write("r.obj", p.obj().getBytes(StandardCharsets.US_ASCII)));
        ImportResult ply = SceneLoader.load(write("r.ply", p.bytes(PlyFormat.BINARY_LITTLE_ENDIAN)));
        var camera = obj.scene().camera();
        org.drtstudio.render.Frame expected = org.drtstudio.io.GeometryAovs.render(obj.scene(), camera);
        org.drtstudio.render.Frame actual = org.drtstudio.io.GeometryAovs.render(ply.scene(), camera);
        org.drtstudio.io.GeometryAovs.assertSame(expected, actual, 1e-6f, false, 300);
        // the grey of the vertices (200/255 rounds to level 12 of 0..15) as the albedo, where the OBJ has the default 0.8
        float grey = (float) Math.pow((12 / 15.0 + 0.055) / 1.055, 2.4);
        int hit = 0;
        while (!Float.isFinite(actual.depth()[hit])) hit++;
        assertEquals(grey, actual.albedo()[3 * hit], 1e-5);
        assertEquals(0.8f, expected.albedo()[3 * hit], 1e-5);
    }

    @Test
    void theConcavePentagonIsEarClippedNotFanned() throws Exception {
        TriangleMesh m = mesh(SceneLoader.load(write("m.ply", PlyFiles.cubeAndNotch().bytes(PlyFormat.BINARY_LITTLE_ENDIAN))));
        // The notch's tip (2.5, 0.4) is a reflex corner: a fan from corner 0 would make triangle (8, 10, 11), which lies
        // outside the polygon, so its triangles' areas would add up to 0.8; ear clipping's add up to the polygon's 0.7.
        float[] p = m.positions();
        double area = 0;
        for (int t = 12; t < 15; t++) {
            int a = m.indices()[3 * t], b = m.indices()[3 * t + 1], c = m.indices()[3 * t + 2];
            area += 0.5 * Math.abs((p[3 * b] - p[3 * a]) * (p[3 * c + 1] - p[3 * a + 1]) - (p[3 * c] - p[3 * a]) * (p[3 * b + 1] - p[3 * a + 1]));
        }
        assertEquals(0.7, area, 1e-6);
    }

    @Test
    void normalsAndTextureCoordinatesAreReadAsAnObjsAre() throws Exception {
        PlyFiles p = new PlyFiles();
        p.normals = true;
        p.texCoords = true;
        p.vertex(0, 0, 0, 0, 0, 2, 0, 0).vertex(1, 0, 0, 0, 0, 3, 1, 0).vertex(1, 1, 0, 0, 1, 1, 1, 1).vertex(0, 1, 0, 0, 0, 0, 0, 1);
        p.face(0, 1, 2, 3);
        ImportResult obj = ObjReader.read(write("n.obj", p.obj().getBytes(StandardCharsets.US_ASCII)));
        for (PlyFormat f : PlyFormat.values()) {
            TriangleMesh m = mesh(SceneLoader.load(write("n-" + f + ".ply", p.bytes(f))));
            assertSameMesh(mesh(obj), m);
            assertArrayEquals(new float[] {0, 0, 1}, Arrays.copyOfRange(m.normals(), 0, 3), "normalised");
            assertNotNull(m.texCoords());
        }
    }

    @Test
    void colouredVerticesBecomeMaterialsOfTheirFacesMeanColour() throws Exception {
        PlyFiles p = new PlyFiles();
        p.colours = true;
        p.vertex(0, 0, 0, 255, 0, 0).vertex(1, 0, 0, 255, 0, 0).vertex(0, 1, 0, 255, 0, 0).vertex(1, 1, 0, 0, 0, 255);
        p.face(0, 1, 2).face(1, 3, 2);
        for (PlyFormat f : PlyFormat.values()) {
            Scene s = SceneLoader.load(write("c-" + f + ".ply", p.bytes(f))).scene();
            TriangleMesh m = mesh(new ImportResult(s, java.util.List.of()));
            Material red = s.materials().get(m.triangleMaterials()[0]);
            assertEquals(Material.DEFAULT.diffuse().x() * 0 + 1f, red.diffuse().x(), 1e-6, "pure red is linear 1");
            assertEquals(0f, red.diffuse().y());
            Material mixed = s.materials().get(m.triangleMaterials()[1]);
            // corners red, red, blue: sRGB (2/3, 0, 1/3) rounded to 16 levels (10/15, 0, 5/15), then made linear
            assertEquals(Math.pow((10 / 15.0 + 0.055) / 1.055, 2.4), mixed.diffuse().x(), 1e-6);
            assertEquals(Math.pow((5 / 15.0 + 0.055) / 1.055, 2.4), mixed.diffuse().z(), 1e-6);
            assertEquals(3, s.materials().size(), "the default and the two colours");
        }
    }

    @Test
    void aFaceElementsOwnColourAndOtherElementsArePassedOverWithAWarning() throws Exception {
        String text = "ply\nformat ascii 1.0\nelement vertex 3\nproperty double x\nproperty double y\nproperty double z\n"
                + "property list uchar float extra\n"
                + "element face 1\nproperty list int uint vertex_index\nproperty uchar red\nproperty uchar green\nproperty uchar blue\n"
                + "element edge 2\nproperty int vertex1\nproperty int vertex2\nend_header\n"
                + "0 0 0 2 1.5 2.5\n1 0 0 0\n0 1 0 1 9\n3 0 1 2 0 255 0\n0 1\n1 2\n";
        ImportResult r = SceneLoader.load(write("f.ply", text.getBytes(StandardCharsets.US_ASCII)));
        TriangleMesh m = mesh(r);
        assertEquals(1, m.triangleCount());
        assertEquals(1f, r.scene().materials().get(m.triangleMaterials()[0]).diffuse().y());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("f.ply:13: element 'edge' (2 entries) is not read")), r.warnings().toString());
    }

    @Test
    void aMeshLabTextureInTheFolderIsUsedAndOneOutsideIsRefused() throws Exception {
        PlyFiles p = new PlyFiles();
        p.texCoords = true;
        p.vertex(0, 0, 0, 0, 0).vertex(1, 0, 0, 1, 0).vertex(0, 1, 0, 0, 1).face(0, 1, 2);
        p.extraHeader.add("comment TextureFile skin tex.png");
        Material inside = SceneLoader.load(write("t.ply", p.bytes(PlyFormat.ASCII))).scene().materials().get(0);
        assertEquals(dir.resolve("skin tex.png").toAbsolutePath().normalize().toString(), inside.diffuseTexture());
        p.extraHeader.set(0, "comment TextureFile ../outside.png");
        ImportResult outside = SceneLoader.load(write("o.ply", p.bytes(PlyFormat.ASCII)));
        assertNull(outside.scene().materials().get(0).diffuseTexture());
        assertTrue(outside.warnings().get(0).contains("is outside the scene's folder"), outside.warnings().toString());
    }

    @Test
    void meshLabsPerCornerTextureCoordinatesSplitASeamAsAnObjsCornersDo() throws Exception {
        // two triangles sharing an edge whose second triangle maps the texture elsewhere: a seam at vertices 1 and 2
        String header = "ply\nformat ascii 1.0\ncomment TextureFile tex.png\nelement vertex 4\nproperty float x\nproperty float y\n"
                + "property float z\nelement face 2\nproperty list uchar int vertex_indices\nproperty list uchar float texcoord\nend_header\n";
        String body = "0 0 0\n1 0 0\n0 1 0\n1 1 0\n3 0 1 2 6 0 0 0.5 0 0 0.5\n3 1 3 2 6 0.6 0 1 1 0.6 1\n";
        ImportResult ply = SceneLoader.load(write("seam.ply", (header + body).getBytes(StandardCharsets.US_ASCII)));
        String obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nvt 0 0\nvt 0.5 0\nvt 0 0.5\nvt 0.6 0\nvt 1 1\nvt 0.6 1\n"
                + "f 1/1 2/2 3/3\nf 2/4 4/5 3/6\n";
        TriangleMesh expected = mesh(ObjReader.read(write("seam.obj", obj.getBytes(StandardCharsets.US_ASCII))));
        TriangleMesh m = mesh(ply);
        assertEquals(6, m.vertexCount(), "the seam's two vertices are split");
        assertSameMesh(expected, m);
        assertEquals(dir.resolve("tex.png").toAbsolutePath().normalize().toString(), ply.scene().materials().get(0).diffuseTexture());
        // a texcoord list of the wrong length: one warning, the corners at (0, 0)
        String bad = body.replace("6 0.6 0 1 1 0.6 1", "4 0.6 0 1 1");
        ImportResult r = SceneLoader.load(write("bad.ply", (header + bad).getBytes(StandardCharsets.US_ASCII)));
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("texcoord list does not give two numbers per corner")), r.warnings().toString());
    }

    @Test
    void theStanfordBunnyAsBinaryPlyIsTheBunnyOfItsObj() throws Exception {
        Path bunny = Path.of("..", "shared", "data", "obj", "bunny_lowres", "bunny.obj");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(bunny), "../shared/data is absent");
        ImportResult obj = ObjReader.read(bunny);
        TriangleMesh o = mesh(obj);
        // The OBJ's own vertices and faces, written as a big-endian PLY: the scanner's layout.
        PlyFiles p = new PlyFiles();
        for (String line : Files.readAllLines(bunny)) {
            String[] w = line.trim().split("\\s+");
            if (w[0].equals("v")) p.vertex(Float.parseFloat(w[1]), Float.parseFloat(w[2]), Float.parseFloat(w[3]));
            if (w[0].equals("f")) {
                int[] f = new int[w.length - 1];
                for (int i = 0; i < f.length; i++) f[i] = Integer.parseInt(w[i + 1].split("/")[0]) - 1;
                p.face(f);
            }
        }
        TriangleMesh ply = mesh(SceneLoader.load(write("bunny.ply", p.bytes(PlyFormat.BINARY_BIG_ENDIAN))));
        assertEquals(o.triangleCount(), ply.triangleCount());
        assertArrayEquals(o.positions(), ply.positions());
        assertArrayEquals(o.normals(), ply.normals());
        assertArrayEquals(o.indices(), ply.indices());
    }

    // ---- hostile files ----

    private String refusal(String name, byte[] bytes) throws Exception {
        Path p = write(name, bytes);
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(p));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(p.toString()), e.getMessage());
        return e.getMessage();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static final String VERTEX = "element vertex 3\nproperty float x\nproperty float y\nproperty float z\n";
    /** The last vertex and the face after a bad second vertex, so the body is long enough for the header's counts. */
    private static final String REST = "0 1 0\n3 0 1 2\n";
    private static final String FACE = "element face 1\nproperty list uchar int vertex_indices\n";

    @Test
    void aFileThatIsNoPlyIsRefusedWithoutQuotingIt() throws Exception {
        String m = refusal("secret.ply", ascii("root:x:0:0:TOPSECRET:/root\nformat hidden\n"));
        assertTrue(m.endsWith("secret.ply:1: does not begin with a 'ply' line; this does not look like a PLY file"), m);
        m = refusal("second.ply", ascii("ply\nTOPSECRET ascii 1.0\n"));
        assertTrue(m.contains(":2: the second line is not 'format ascii 1.0'") && !m.contains("TOPSECRET"), m);
        m = refusal("binary.ply", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0});
        assertTrue(m.endsWith("does not look like a PLY file"), m);
        m = refusal("endless.ply", ascii("ply\n" + "x".repeat(200_000)));
        assertTrue(m.contains("does not look like a PLY file"), m);
    }

    @Test
    void countsThatLieAreRefusedBeforeAnythingIsAllocated() throws Exception {
        String m = refusal("lie.ply", ascii("ply\nformat binary_little_endian 1.0\nelement vertex 2147483647\nproperty float x\n"
                + "property float y\nproperty float z\n" + FACE + "end_header\n" + "\0".repeat(40)));
        assertTrue(m.contains("lie.ply:3: element 'vertex' claims 2147483647 entries of at least 12 bytes each, but the file has only 40 bytes"), m);
        m = refusal("huge.ply", ascii("ply\nformat ascii 1.0\nelement vertex 9223372036854775807\nproperty float x\nproperty float y\n"
                + "property float z\nend_header\n0 0 0\n"));
        assertTrue(m.contains("claims 9223372036854775807 entries"), m);
        m = refusal("neg.ply", ascii("ply\nformat ascii 1.0\nelement vertex -3\nend_header\n"));
        assertTrue(m.contains("neg.ply:3: element 'vertex' has a negative count -3"), m);
    }

    @Test
    void listsOfAbsurdLengthAreRefusedBeforeTheirItemsAreRead() throws Exception {
        ByteBuffer body = ByteBuffer.allocate(36 + 1 + 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 9; i++) body.putFloat(i);
        body.put((byte) 0).putInt(-1).putInt(0); // count of type uint: 4294967295
        String header = "ply\nformat binary_little_endian 1.0\n" + VERTEX
                + "element face 1\nproperty list uint int vertex_indices\nend_header\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii(header));
        out.write(body.array(), 0, 36);
        out.writeBytes(new byte[] {-1, -1, -1, -1, 0, 0, 0, 0});
        String m = refusal("list.ply", out.toByteArray());
        assertTrue(m.contains("face 0: vertex_indices claims 4294967295 items, more than the rest of the file holds"), m);
        StringBuilder big = new StringBuilder("ply\nformat ascii 1.0\n" + VERTEX + "element face 1\nproperty list int int vertex_indices\nend_header\n"
                + "0 0 0\n1 0 0\n0 1 0\n5000");
        for (int i = 0; i < 5000; i++) big.append(" 1");
        m = refusal("corners.ply", ascii(big.append('\n').toString()));
        assertTrue(m.contains("corners.ply:13: face 0: has 5000 corners; faces of more than 4096 are refused"), m);
        m = refusal("negative.ply", ascii("ply\nformat ascii 1.0\n" + VERTEX + "element face 1\nproperty list int int vertex_indices\n"
                + "end_header\n0 0 0\n1 0 0\n0 1 0\n-7 0 1 2\n"));
        assertTrue(m.contains("negative.ply:13: face 0: vertex_indices has a negative length -7"), m);
    }

    @Test
    void truncatedBodiesSayWhereTheyEnded() throws Exception {
        byte[] whole = PlyFiles.cubeAndNotch().bytes(PlyFormat.BINARY_BIG_ENDIAN);
        String header = PlyFiles.cubeAndNotch().header(PlyFormat.BINARY_BIG_ENDIAN);
        // Cut among the vertices, the header claims more than the file holds: refused before reading.
        String m = refusal("cut.ply", Arrays.copyOf(whole, header.length() + 12 * 5 + 7));
        assertTrue(m.contains("cut.ply:4: element 'vertex' claims 13 entries of at least 12 bytes each, but the file has only 67 bytes"), m);
        // Cut in the last face, the faces' counts fit, their corners do not.
        m = refusal("cutface.ply", Arrays.copyOf(whole, whole.length - 3));
        assertTrue(m.endsWith("cutface.ply: face 6: vertex_indices claims 5 items, more than the rest of the file holds"), m);
        // Text without its last line: the header's counts fit the vertices' long lines, the last face is missing.
        byte[] text = PlyFiles.cubeAndNotch().bytes(PlyFormat.ASCII);
        m = refusal("cut-ascii.ply", Arrays.copyOf(text, text.length - "5 8 9 10 11 12\n".length()));
        assertTrue(m.contains("cut-ascii.ply:") && m.endsWith("ends after 6 of the 7 face entries the header declares"), m);
    }

    @Test
    void badHeadersNameTheirLine() throws Exception {
        assertTrue(refusal("t.ply", ascii("ply\nformat ascii 1.0\nelement vertex 1\nproperty float128 x\nend_header\n0\n"))
                .contains("t.ply:4: unknown property type 'float128'"));
        assertTrue(refusal("c.ply", ascii("ply\nformat ascii 1.0\nelement face 1\nproperty list float int vertex_indices\nend_header\n"))
                .contains("c.ply:4: a list's count type must be an integer type, not float"));
        assertTrue(refusal("p.ply", ascii("ply\nformat ascii 1.0\nproperty float x\nend_header\n")).contains("p.ply:3: a property before any element"));
        assertTrue(refusal("e.ply", ascii("ply\nformat ascii 1.0\n" + VERTEX)).contains("ends before 'end_header'"));
        assertTrue(refusal("v.ply", ascii("ply\nformat ascii 2.0\n")).contains("v.ply:2: format version '2.0' is not known"));
        assertTrue(refusal("b.ply", ascii("ply\nformat ascii 1.0\nelement vertex 1\u0000\u0007\nend_header\n"))
                .contains("b.ply:3: the header holds a byte that is not printable text"));
        assertTrue(refusal("k.ply", ascii("ply\nformat ascii 1.0\nbogus 1\nend_header\n")).contains("k.ply:3: unknown header keyword 'bogus'"));
        assertTrue(refusal("nv.ply", ascii("ply\nformat ascii 1.0\n" + FACE + "end_header\n0\n")).contains("has no 'element vertex'"));
        assertTrue(refusal("xyz.ply", ascii("ply\nformat ascii 1.0\nelement vertex 1\nproperty float a\nend_header\n1\n"))
                .contains("xyz.ply:3: the vertex element has no x, y and z properties"));
    }

    @Test
    void badValuesNameTheirLineOrEntry() throws Exception {
        String header = "ply\nformat ascii 1.0\n" + VERTEX + FACE + "end_header\n";
        assertTrue(refusal("i.ply", ascii(header + "0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n")).contains("i.ply:13: face 0: vertex index 3 is out of range 0..2"));
        assertTrue(refusal("n.ply", ascii(header + "0 0 0\n1 nan 0\n" + REST)).contains("n.ply:11: 'nan' is not a number (float)"));
        assertTrue(refusal("inf.ply", ascii(header + "0 0 0\n1 1e39 0\n" + REST)).contains("inf.ply:11: vertex 1: coordinate y is not a finite"));
        assertTrue(refusal("w.ply", ascii(header + "0 0 0\n1 " + "1".repeat(100) + " 0\n" + REST)).contains("w.ply:11: a value is longer than 64 characters"));
        assertTrue(refusal("ctl.ply", ascii(header + "0 0 0\n1 \u001b[2J 0\n" + REST)).contains("ctl.ply:11: holds a byte that is not text"));
        assertTrue(refusal("pts.ply", ascii("ply\nformat ascii 1.0\n" + VERTEX + "end_header\n0 0 0\n1 0 0\n0 1 0\n"))
                .contains("contains no faces to render"));
        ByteBuffer b = ByteBuffer.allocate(36 + 13).order(ByteOrder.LITTLE_ENDIAN);
        b.putFloat(0).putFloat(Float.NaN).putFloat(0);
        String m = refusal("bin.ply", concat(ascii("ply\nformat binary_little_endian 1.0\n" + VERTEX + FACE + "end_header\n"), b.array()));
        assertTrue(m.endsWith("bin.ply: vertex 0: coordinate y is not a finite single-precision number"), m);
    }

    /**
     * Binary vertices are read in blocks of about a megabyte: 100,000 vertices of mixed types (a
     * float, a double, a short, normals, colour bytes, an ignored int) span several blocks and end
     * in a partial one; in both byte orders they make the mesh the text file makes, value for value.
     */
    @Test
    void binaryVerticesReadInBlocksEqualTheTextFilesVertices() throws Exception {
        int n = 100_000;
        String header = "element vertex " + n + "\nproperty float x\nproperty double y\nproperty short z\nproperty float nx\n"
                + "property float ny\nproperty float nz\nproperty uchar red\nproperty uchar green\nproperty uchar blue\n"
                + "property int extra\nelement face " + (n - 2) + "\nproperty list uchar int vertex_indices\nend_header\n";
        StringBuilder text = new StringBuilder("ply\nformat ascii 1.0\n" + header);
        for (int i = 0; i < n; i++) {
            text.append(i * 0.25f).append(' ').append(-i * 0.5).append(' ').append(i % 300 - 150).append(" 0 ")
                    .append(i % 2).append(' ').append(1 - i % 2).append(' ').append(i % 256).append(' ').append(7).append(' ')
                    .append(255 - i % 256).append(' ').append(i).append('\n');
        }
        for (int i = 0; i + 2 < n; i++) text.append("3 ").append(i).append(' ').append(i + 1).append(' ').append(i + 2).append('\n');
        TriangleMesh expected = mesh(SceneLoader.load(write("text.ply", ascii(text.toString()))));
        for (ByteOrder order : new ByteOrder[]{ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            ByteBuffer body = ByteBuffer.allocate(n * 33 + (n - 2) * 13).order(order);
            for (int i = 0; i < n; i++) {
                body.putFloat(i * 0.25f).putDouble(-i * 0.5).putShort((short) (i % 300 - 150)).putFloat(0).putFloat(i % 2)
                        .putFloat(1 - i % 2).put((byte) (i % 256)).put((byte) 7).put((byte) (255 - i % 256)).putInt(i);
            }
            for (int i = 0; i + 2 < n; i++) body.put((byte) 3).putInt(i).putInt(i + 1).putInt(i + 2);
            String format = order == ByteOrder.LITTLE_ENDIAN ? "binary_little_endian" : "binary_big_endian";
            TriangleMesh binary = mesh(SceneLoader.load(write(format + ".ply", concat(ascii("ply\nformat " + format + " 1.0\n" + header), body.array()))));
            assertArrayEquals(expected.positions(), binary.positions(), format);
            assertArrayEquals(expected.normals(), binary.normals(), format);
            assertArrayEquals(expected.indices(), binary.indices(), format);
            assertArrayEquals(expected.triangleMaterials(), binary.triangleMaterials(), format);
        }
    }

    /** Binary faces read in blocks keep the general path's checks: an index out of range, a negative length, small faces. */
    @Test
    void binaryFacesReadInBlocksKeepEveryCheck() throws Exception {
        String head = "ply\nformat binary_little_endian 1.0\n" + VERTEX + "element face 3\nproperty list char uint vertex_indices\nend_header\n";
        ByteBuffer vertices = ByteBuffer.allocate(36).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 9; i++) vertices.putFloat(i == 3 || i == 7 ? 1 : 0);
        ByteBuffer out = ByteBuffer.allocate(39).order(ByteOrder.LITTLE_ENDIAN);
        out.put((byte) 3).putInt(0).putInt(1).putInt(2).put((byte) 3).putInt(0).putInt(-1).putInt(2).put((byte) 2).putInt(0).putInt(1);
        String m = refusal("range.ply", concat(ascii(head), concat(vertices.array(), out.array())));
        assertTrue(m.endsWith("range.ply: face 1: vertex index 4294967295 is out of range 0..2"), m);
        ByteBuffer negative = ByteBuffer.allocate(39).order(ByteOrder.LITTLE_ENDIAN);
        negative.put((byte) 3).putInt(0).putInt(1).putInt(2).put((byte) -3);
        m = refusal("negative.ply", concat(ascii(head), concat(vertices.array(), negative.array())));
        assertTrue(m.endsWith("negative.ply: face 1: vertex_indices has a negative length -3"), m);
        ByteBuffer small = ByteBuffer.allocate(39).order(ByteOrder.LITTLE_ENDIAN);
        small.put((byte) 2).putInt(0).putInt(1).put((byte) 3).putInt(0).putInt(1).putInt(2).put((byte) 3).putInt(2).putInt(1).putInt(0);
        ImportResult r = SceneLoader.load(write("small.ply", concat(ascii(head), concat(vertices.array(), small.array()))));
        assertArrayEquals(new int[]{0, 1, 2, 2, 1, 0}, mesh(r).indices());
        assertTrue(r.warnings().contains(dir.resolve("small.ply") + ": 1 face(s) with fewer than 3 corners were skipped"), r.warnings().toString());
    }

    @Test
    void facesOfFewerThanThreeCornersAreSkippedWithAWarning() throws Exception {
        String text = "ply\nformat ascii 1.0\n" + VERTEX + "element face 3\nproperty list uchar int vertex_indices\nend_header\n"
                + "0 0 0\n1 0 0\n0 1 0\n2 0 1\n3 0 1 2\n0\n";
        ImportResult r = SceneLoader.load(write("small.ply", ascii(text)));
        assertEquals(1, mesh(r).triangleCount());
        assertTrue(r.warnings().contains(dir.resolve("small.ply") + ": 2 face(s) with fewer than 3 corners were skipped"), r.warnings().toString());
    }

    @Test
    void aColouredFaceElementAfterOneWithoutColourKeepsTheEarlierFacesMaterial() throws Exception {
        // The colours were allocated for 256 faces when the first coloured element came: past 512 faces before it, an
        // index out of bounds; below, the earlier faces came out black instead of the default material.
        int plain = 1000;
        StringBuilder text = new StringBuilder("ply\nformat ascii 1.0\n" + VERTEX + "element face " + plain + "\n"
                + "property list uchar int vertex_indices\nelement face 1\nproperty list uchar int vertex_indices\n"
                + "property uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n0 0 0\n1 0 0\n0 1 0\n");
        text.append("3 0 1 2\n".repeat(plain)).append("3 0 1 2 255 0 0\n");
        ImportResult r = SceneLoader.load(write("two.ply", ascii(text.toString())));
        int[] materials = mesh(r).triangleMaterials();
        assertEquals(plain + 1, materials.length);
        for (int t = 0; t < plain; t++) assertEquals(0, materials[t], "face " + t + " has no colour: the default material");
        assertEquals(1f, r.scene().materials().get(materials[plain]).diffuse().x(), "the last face is red");
        assertEquals(Material.DEFAULT.diffuse(), r.scene().materials().get(0).diffuse());
    }

    @Test
    void anElementWithoutPropertiesIsPassedOverWhateverItsCount() throws Exception {
        // Its entries take no bytes, so the size check cannot bound the count: counting to it never ended.
        String text = "ply\nformat ascii 1.0\n" + VERTEX + "element junk 9000000000000000000\n" + FACE + "end_header\n"
                + "0 0 0\n1 0 0\n" + REST;
        ImportResult r = assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> SceneLoader.load(write("junk.ply", ascii(text))),
                "a hang: the empty entries were counted one by one");
        assertEquals(1, mesh(r).triangleCount());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("junk.ply:7: element 'junk' (9000000000000000000 entries) is not read")),
                r.warnings().toString());
    }

    /**
     * A few faces of 4,096 random corners, the most a face may have: ear clipping one took 1.1 s,
     * so a 44 KB file of ten took 6 s. Past the file's budget they are fanned, with one warning
     * naming the first; without the budget they were all ear-clipped, without one.
     */
    @Test
    void facesOfRandomCornersPastTheEarClippingBudgetAreFannedWithOneWarning() throws Exception {
        int n = PlyBodyReader.MAX_CORNERS, faces = 3;
        java.util.Random random = new java.util.Random(3);
        StringBuilder text = new StringBuilder("ply\nformat ascii 1.0\nelement vertex " + n
                + "\nproperty float x\nproperty float y\nproperty float z\nelement face " + faces
                + "\nproperty list ushort int vertex_indices\nend_header\n");
        for (int v = 0; v < n; v++) text.append(random.nextFloat()).append(' ').append(random.nextFloat()).append(" 0\n");
        for (int f = 0; f < faces; f++) {
            text.append(n);
            for (int v = 0; v < n; v++) text.append(' ').append(random.nextInt(n));
            text.append('\n');
        }
        ImportResult r = SceneLoader.load(write("garbage.ply", ascii(text.toString())));
        assertEquals(faces * (n - 2), mesh(r).triangleCount());
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(0).contains("garbage.ply: face 0 (4096 corners) and 2 later polygons triangulated as fans"),
                r.warnings().toString());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
