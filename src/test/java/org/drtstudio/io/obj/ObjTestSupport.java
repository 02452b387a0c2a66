package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shared helpers of the OBJ importer tests. */
final class ObjTestSupport {
    private ObjTestSupport() {
    }

    static Path resource(String relative) {
        return TestData.resource("obj/" + relative);
    }

    static ImportResult read(Path file) throws IOException, SceneFormatException {
        return ObjReader.read(file);
    }

    static ImportResult readResource(String relative) throws IOException, SceneFormatException {
        return ObjReader.read(resource(relative));
    }

    /** The single mesh the importer makes of a file. */
    static TriangleMesh mesh(ImportResult result) {
        return ((MeshNode) result.scene().root().children().get(0)).mesh();
    }

    /** Writes OBJ text to a file in {@code dir}. */
    static Path write(Path dir, String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** Reads a file that must fail, checks the message names file and line, returns the exception. */
    static SceneFormatException failure(Path file, int expectedLine) {
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ObjReader.read(file));
        assertTrue(e.getMessage().startsWith(file.toString() + (expectedLine > 0 ? ":" + expectedLine + ": " : ": ")),
                "message should start with the file and line " + expectedLine + ": " + e.getMessage());
        return e;
    }

    static Vec3 vertex(TriangleMesh m, int v) {
        float[] p = m.positions();
        return new Vec3(p[3 * v], p[3 * v + 1], p[3 * v + 2]);
    }

    static Vec3 normal(TriangleMesh m, int v) {
        float[] n = m.normals();
        return new Vec3(n[3 * v], n[3 * v + 1], n[3 * v + 2]);
    }

    /** Unit geometric normal of triangle t (counter-clockwise front). */
    static Vec3 triangleNormal(TriangleMesh m, int t) {
        int[] i = m.indices();
        Vec3 a = vertex(m, i[3 * t]), b = vertex(m, i[3 * t + 1]), c = vertex(m, i[3 * t + 2]);
        return b.minus(a).cross(c.minus(a)).normalized();
    }

    static double triangleArea(TriangleMesh m, int t) {
        int[] i = m.indices();
        Vec3 a = vertex(m, i[3 * t]), b = vertex(m, i[3 * t + 1]), c = vertex(m, i[3 * t + 2]);
        return 0.5 * b.minus(a).cross(c.minus(a)).length();
    }

    static boolean close(Vec3 a, Vec3 b, double tolerance) {
        return a.minus(b).length() <= tolerance;
    }
}
