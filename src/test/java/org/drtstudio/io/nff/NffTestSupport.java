package org.drtstudio.io.nff;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TriangleMesh;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Helpers shared by the NFF tests: read text, find the parts of the result, check invariants. */
final class NffTestSupport {
    private NffTestSupport() {
    }

    /** Reads NFF text as if it came from a file named {@code inline.nff}. */
    static ImportResult read(String text) throws SceneFormatException, IOException {
        return NffReader.read(Path.of("inline.nff"), new StringReader(text));
    }

    /** The scene's mesh of polygons and cones, or null when it has none. */
    static TriangleMesh mesh(Scene scene) {
        for (SceneNode n : scene.root().children()) if (n instanceof MeshNode m) return m.mesh();
        return null;
    }

    static List<Sphere> spheres(Scene scene) {
        for (SceneNode n : scene.root().children()) if (n instanceof SphereNode s) return s.spheres();
        return List.of();
    }

    static int triangleCount(Scene scene) {
        TriangleMesh m = mesh(scene);
        return m == null ? 0 : m.triangleCount();
    }

    /** Invariants every imported NFF scene must hold, whatever the file. */
    static void assertSane(Scene scene) {
        int materials = scene.materials().size();
        assertTrue(materials >= 1);
        TriangleMesh m = mesh(scene);
        if (m != null) {
            for (float p : m.positions()) assertTrue(Float.isFinite(p), "finite positions");
            float[] n = m.normals();
            for (int i = 0; i < n.length; i += 3) {
                double len = Math.sqrt(n[i] * n[i] + n[i + 1] * n[i + 1] + n[i + 2] * n[i + 2]);
                assertEquals(1.0, len, 1e-3, "unit normal at vertex " + i / 3);
            }
            for (int mat : m.triangleMaterials()) assertTrue(mat >= 0 && mat < materials, "material index in range");
        }
        for (Sphere s : spheres(scene)) assertTrue(s.material() >= 0 && s.material() < materials);
        for (Light l : scene.lights()) assertTrue(l.position().isFinite() && l.color().isFinite());
        assertTrue(scene.camera().eye().isFinite() && scene.camera().look().isFinite());
        assertTrue(!scene.lights().isEmpty(), "at least one light");
    }
}
