package org.drtstudio.io.obj;

import org.drtstudio.io.SceneFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.drtstudio.io.obj.ObjTestSupport.failure;
import static org.drtstudio.io.obj.ObjTestSupport.mesh;
import static org.drtstudio.io.obj.ObjTestSupport.resource;
import static org.drtstudio.io.obj.ObjTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Malformed files fail with one message naming the file, the line and the offending value. */
class ObjErrorMessagesTest {
    private static final String TRIANGLE = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";

    private static String problem(Path dir, String text, int line) throws Exception {
        Path file = write(dir, "bad.obj", text);
        SceneFormatException e = failure(file, line);
        assertEquals(line, e.line());
        assertEquals(file, e.file());
        return e.problem();
    }

    @Test
    void vertexIndexBeyondTheEndNamesIndexAndCount(@TempDir Path dir) throws Exception {
        assertEquals("face refers to vertex 9000 but only 3 vertices are defined",
                problem(dir, TRIANGLE + "f 1 2 3\n\nf 1 2 9000\nf 1 2 3\n", 6));
    }

    @Test
    void forwardReferencesAreAllowed(@TempDir Path dir) throws Exception {
        // Absolute indices are checked against the whole file, as javagl resolves them.
        assertEquals(1, mesh(ObjReader.read(write(dir, "forward.obj", "f 1 2 3\n" + TRIANGLE))).triangleCount());
    }

    @Test
    void relativeIndexReachingBeforeTheFirstVertex(@TempDir Path dir) throws Exception {
        assertEquals("face refers to vertex -4, counting back from this line, but only 3 vertices are defined before it",
                problem(dir, TRIANGLE + "f -4 -3 -2\n", 4));
    }

    @Test
    void zeroIndex(@TempDir Path dir) throws Exception {
        assertEquals("face corner '0' uses index 0, but OBJ indices start at 1", problem(dir, TRIANGLE + "f 0 1 2\n", 4));
        // javagl would read a texture index 0 as "no texture coordinate"
        assertEquals("face corner '2/0' uses index 0, but OBJ indices start at 1",
                problem(dir, TRIANGLE + "vt 0 0\nf 1/1 2/0 3/1\n", 5));
        assertEquals("face corner '3//0' uses index 0, but OBJ indices start at 1",
                problem(dir, TRIANGLE + "vn 0 0 1\nf 1//1 2//1 3//0\n", 5));
    }

    @Test
    void hugeIndexDoesNotWrapAround(@TempDir Path dir) throws Exception {
        // 4294967297 overflows int to 1 in javagl's parser
        assertEquals("face index 4294967297 is too large", problem(dir, TRIANGLE + "f 4294967297 2 3\n", 4));
        assertEquals(1, mesh(ObjReader.read(write(dir, "zeros.obj", TRIANGLE + "f 0000000001 2 3\n"))).triangleCount());
    }

    @Test
    void texCoordAndNormalIndicesOutOfRange(@TempDir Path dir) throws Exception {
        assertEquals("face refers to texture coordinate 7 but only 1 texture coordinate is defined",
                problem(dir, TRIANGLE + "vt 0 0\nf 1/1 2/1 3/7\n", 5));
        assertEquals("face refers to normal 2 but only 1 normal is defined",
                problem(dir, TRIANGLE + "vn 0 0 1\nf 1//1 2//2 3//1\n", 5));
    }

    @Test
    void malformedCorners(@TempDir Path dir) throws Exception {
        assertEquals("'a' in face corner 'a' is not an index", problem(dir, TRIANGLE + "f 1 2 a\n", 4));
        assertEquals("face corner '1/2/3/4' has more than three parts; corners are v, v/vt, v//vn or v/vt/vn",
                problem(dir, TRIANGLE + "f 1/2/3/4 2 3\n", 4));
        assertEquals("face corner '2/' is incomplete; corners are v, v/vt, v//vn or v/vt/vn",
                problem(dir, TRIANGLE + "f 1 2/ 3\n", 4));
        assertEquals("face corner '/1' is incomplete; corners are v, v/vt, v//vn or v/vt/vn",
                problem(dir, TRIANGLE + "f /1 2 3\n", 4));
    }

    @Test
    void nonFiniteCoordinates(@TempDir Path dir) throws Exception {
        assertEquals("coordinate 'nan' of vertex is not a finite number", problem(dir, "v 0 0 0\nv nan 0 0\n", 2));
        assertEquals("vertex has a coordinate that is not a finite number", problem(dir, "v 0 0 0\nv 0 NaN 0\n", 2));
        assertEquals("vertex has a coordinate that is not a finite number", problem(dir, "v 1e39 0 0\n", 1));
        // values are quoted once the file has shown itself OBJ (issue 37): here by a first whole vertex
        assertEquals("coordinate '1.#INF' of vertex is not a finite number", problem(dir, "v 0 0 0\nv 1.#INF 0 0\n", 2));
        assertEquals("normal has a coordinate that is not a finite number", problem(dir, "vn 0 Infinity 0\n", 1));
        assertEquals("coordinate 'inf' of normal is not a finite number", problem(dir, "v 0 0 0\nvn 0 inf 0\n", 2));
        assertEquals("a value of a vertex is not a number; this does not look like an OBJ file (nothing of it is quoted)",
                problem(dir, "v 1.#INF 0 0\n", 1), "nothing quoted before");
    }

    @Test
    void testNanFromTinyObjLoaderFailsAtItsFirstNan() {
        Path file = resource("edgecases_tinyobjloader/test-nan.obj");
        assertEquals(file + ":12: coordinate 'nan' of vertex is not a finite number", failure(file, 12).getMessage());
    }

    @Test
    void malformedNumbers(@TempDir Path dir) throws Exception {
        assertEquals("'3.1+e2' is not a number", problem(dir, "mtllib m.mtl\nv 1 2 3.1+e2\n", 2));
        assertEquals("'1,5' is not a number", problem(dir, "v 0 0 0\r\nv 1,5 2 3\r\n", 2));
        assertEquals("a vertex needs 3 numbers, but the line has 0", problem(dir, "v\n", 1));
        assertEquals("a vertex needs 3 numbers, but the line has 2", problem(dir, "v 1 2\n", 1));
        assertEquals("a normal needs 3 numbers, but the line has 1", problem(dir, "vn 1\n", 1));
        assertEquals("a texture coordinate needs 1 number, but the line has 0", problem(dir, "vt\n", 1));
    }

    @Test
    void lineNumbersCountPhysicalLinesAcrossContinuationsAndCrlf(@TempDir Path dir) throws Exception {
        assertEquals("face refers to vertex 5 but only 3 vertices are defined",
                problem(dir, "v 0 0 0\r\nv 1 \\\r\n 0 0\r\nv 0 1 0\r\n\r\nf 1 2 \\\r\n 5\r\n", 6));
    }

    @Test
    void faceWithTooManyCornersIsRejectedBeforeTriangulating(@TempDir Path dir) throws Exception {
        StringBuilder face = new StringBuilder(TRIANGLE + "f");
        for (int i = 0; i <= ObjFaceSyntax.MAX_CORNERS; i++) face.append(' ').append(1 + i % 3);
        assertEquals("face has more than " + ObjFaceSyntax.MAX_CORNERS + " corners, more than this importer supports",
                problem(dir, face + "\n", 4));
    }

    @Test
    void invalidRelativeIndexFilesFromTinyObjLoader() {
        Path v = resource("edgecases_tinyobjloader/invalid-relative-vertex-index.obj");
        assertEquals(v + ":1: face refers to vertex -4, counting back from this line, but only 0 vertices are defined before it",
                failure(v, 1).getMessage());
        Path vt = resource("edgecases_tinyobjloader/invalid-relative-texture-index.obj");
        assertEquals(vt + ":2: face refers to texture coordinate -2, counting back from this line, but only 1 texture "
                + "coordinate is defined before it", failure(vt, 2).getMessage());
        Path zero = resource("edgecases_tinyobjloader/issue-140-zero-face-idx.obj");
        assertTrue(failure(zero, 16).getMessage().endsWith("uses index 0, but OBJ indices start at 1"));
    }

    @Test
    void numberFormatsFromAssimpFailOnTheMisplacedExponentSign() {
        // "3.1+e2" is not a number in any grammar; assimp's parser silently reads 3.1.
        Path file = resource("edgecases_assimp/number_formats.obj");
        assertEquals(file + ":11: '3.1+e2' is not a number", failure(file, 11).getMessage());
    }
}
