package org.drtstudio.io.nff;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.drtstudio.io.nff.NffTestSupport.assertSane;
import static org.drtstudio.io.nff.NffTestSupport.mesh;
import static org.drtstudio.io.nff.NffTestSupport.spheres;
import static org.drtstudio.io.nff.NffTestSupport.triangleCount;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The full SPD set in the shared data folder (skipped when that folder is absent): every file
 * loads and counts match the published primitive counts (how fast they parse is a measurement,
 * not a unit test's business).
 */
class NffSharedDataTest {

    private static Path nffFolder() {
        return TestData.sharedRoot().resolve("nff");
    }

    @TestFactory
    Stream<DynamicTest> everySharedFileLoads() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(nffFolder())) {
            files = s.filter(p -> p.toString().endsWith(".nff")).sorted().toList();
        }
        assertTrue(files.size() >= 40, "30 SPD files and 10 assimp dialect files, found " + files.size());
        return files.stream().map(f -> DynamicTest.dynamicTest(nffFolder().relativize(f).toString(), () -> {
            ImportResult r;
            try {
                r = NffReader.read(f);
            } catch (SceneFormatException e) {
                throw new AssertionError("a shared NFF file must load: " + e.getMessage(), e);
            }
            assertSane(r.scene());
            boolean empty = mesh(r.scene()) == null && spheres(r.scene()).isEmpty();
            if (empty) {
                assertTrue(f.toString().contains("assimp_dialects"), "only assimp-only files may be empty");
                assertTrue(r.warnings().stream().anyMatch(w -> w.contains("assimp extension")));
            }
            if (!f.toString().contains("assimp_dialects")) {
                assertEquals(List.of(), r.warnings(), "SPD output is plain NFF");
            }
        }));
    }

    private static Scene load(String name) throws Exception {
        return NffReader.read(TestData.shared("nff/" + name)).scene();
    }

    @Test
    void ballsS4() throws Exception {
        Scene s = load("balls_s4.nff");
        assertEquals(7381, spheres(s).size());
        assertEquals(3, s.lights().size());
        assertEquals(2, triangleCount(s));
    }

    @Test
    void gearsS4() throws Exception {
        Path file = TestData.shared("nff/gears_s4.nff");
        List<float[]> polygons = NffReaderTest.polygonsOf(file);
        assertEquals(9345, polygons.size());
        int expected = 0;
        for (float[] p : polygons) expected += p.length / 3 - 2;
        assertEquals(expected, triangleCount(NffReader.read(file).scene()));
    }

    @Test
    void teapotS12PatchesKeepTheirNormals() throws Exception {
        Path file = TestData.shared("nff/teapot_s12.nff");
        Scene s = NffReader.read(file).scene();
        // 9120 "pp 3" patches and 144 "p 4" checkerboard squares.
        assertEquals(9120 + 2 * 144, triangleCount(s));
        // The first patch follows the 144 squares: compare its normals with the file's.
        List<String> lines = Files.readAllLines(file);
        int at = lines.indexOf("pp 3");
        TriangleMesh m = mesh(s);
        for (int k = 0; k < 3; k++) {
            String[] t = lines.get(at + 1 + k).trim().split("\\s+");
            double nx = Double.parseDouble(t[3]), ny = Double.parseDouble(t[4]), nz = Double.parseDouble(t[5]);
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            int v = 144 * 4 + k;
            assertEquals(nx / len, m.normals()[3 * v], 1e-6);
            assertEquals(ny / len, m.normals()[3 * v + 1], 1e-6);
            assertEquals(nz / len, m.normals()[3 * v + 2], 1e-6);
        }
    }

    @Test
    void latticeS12ReusesItsFills() throws Exception {
        Scene s = load("lattice_s12.nff");
        assertEquals(2197, spheres(s).size());
        assertEquals(6084 * 2 * ConeTessellator.SEGMENTS, triangleCount(s));
        assertTrue(s.materials().size() < 20, "8281 'f' lines, few distinct: " + s.materials().size());
    }
}
