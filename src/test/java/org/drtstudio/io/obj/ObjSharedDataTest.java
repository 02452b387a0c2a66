package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.drtstudio.io.obj.ObjTestSupport.mesh;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every OBJ file of the shared data folder either loads or fails with a message naming the file;
 * the ones expected to fail are listed here, and do fail. Skipped when the shared folder is absent.
 */
class ObjSharedDataTest {
    /** Files that cannot be shown, relative to the shared obj folder, with the reason. */
    private static final Map<String, String> EXPECTED_FAILURES = Map.ofEntries(
            Map.entry("edgecases_tinyobjloader/invalid-relative-vertex-index.obj", "relative index before the first vertex"),
            Map.entry("edgecases_tinyobjloader/invalid-relative-texture-index.obj", "relative index before the first vertex"),
            Map.entry("edgecases_tinyobjloader/issue-140-zero-face-idx.obj", "index 0"),
            Map.entry("edgecases_tinyobjloader/test-nan.obj", "nan coordinates"),
            Map.entry("edgecases_tinyobjloader/invalid-face-definition.obj", "only faces of 1 and 2 corners: no faces"),
            Map.entry("edgecases_tinyobjloader/line-prim.obj", "lines only: no faces"),
            Map.entry("edgecases_tinyobjloader/points-prim.obj", "points only: no faces"),
            Map.entry("edgecases_assimp/testline.obj", "lines only: no faces"),
            Map.entry("edgecases_assimp/testpoints.obj", "points only: no faces"),
            Map.entry("edgecases_assimp/point_cloud.obj", "vertices only: no faces"),
            Map.entry("edgecases_assimp/number_formats.obj", "'3.1+e2' is not a number"));

    private static Path objRoot() {
        return TestData.sharedRoot().resolve("obj");
    }

    @TestFactory
    Stream<DynamicTest> everySharedObjLoadsOrFailsNamingTheFile() throws Exception {
        Path root = objRoot();
        Map<String, Integer> manifestTriangles = manifestTriangleCounts(root.resolve("MANIFEST.tsv"));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".obj")).sorted().toList();
        }
        assertTrue(files.size() >= 60, "expected the shared OBJ collection, found " + files.size() + " files");
        Set<String> present = files.stream().map(p -> root.relativize(p).toString().replace('\\', '/'))
                .collect(java.util.stream.Collectors.toSet());
        assertTrue(present.containsAll(EXPECTED_FAILURES.keySet()), "expected-failure list names missing files");
        return files.stream().map(file -> {
            String relative = root.relativize(file).toString().replace('\\', '/');
            return DynamicTest.dynamicTest(relative, () -> {
                if (EXPECTED_FAILURES.containsKey(relative)) {
                    SceneFormatException e = assertThrows(SceneFormatException.class, () -> ObjReader.read(file),
                            "should fail: " + EXPECTED_FAILURES.get(relative));
                    assertTrue(e.getMessage().startsWith(file.toString() + ":"), e.getMessage());
                } else {
                    ImportResult result = ObjReader.read(file);
                    TriangleMesh m = mesh(result);
                    assertTrue(m.triangleCount() > 0);
                    ObjGarbageTest.assertSane(result);
                    Integer expected = manifestTriangles.get(relative);
                    if (expected != null) assertEquals(expected, m.triangleCount(), "triangles from MANIFEST face sizes");
                }
            });
        });
    }

    @Test
    void stanfordBunnyAndLucyLoadWithEveryTriangle() throws Exception {
        // How fast they load is measured by drt bench --suite import and drt info (docs/BENCHMARKS.md, "Import at
        // scale"), not bounded here: a timed test fails on a busy machine and says nothing on a fast one.
        assertEquals(69_451, mesh(ObjReader.read(TestData.shared("obj/stanford_bunny/stanford-bunny.obj"))).triangleCount());
        assertEquals(99_970, mesh(ObjReader.read(TestData.shared("obj/lucy_100k/lucy.obj"))).triangleCount());
    }

    @Test
    void mirroredSpheresOfTheCornellBoxReflect() throws Exception {
        ImportResult result = ObjReader.read(TestData.shared("obj/cornellbox_mcguire/CornellBox-Sphere.obj"));
        var byName = new HashMap<String, org.drtstudio.scene.Material>();
        result.scene().materials().forEach(m -> byName.put(m.name(), m));
        assertEquals(0.95f, byName.get("leftSphere").reflectivity(), 1e-6); // illum 5, Ks 0.95
        assertEquals(0.3f, byName.get("rightSphere").reflectivity(), 1e-6); // illum 7, Ks 0.3
        assertEquals(0f, byName.get("floor").reflectivity());
    }

    /**
     * Triangles each OBJ of the manifest should give, for files whose faces all have 3 or 4 corners
     * ("3:32 4:468" → 32 + 2 × 468); files with larger or degenerate faces are left out.
     */
    private static Map<String, Integer> manifestTriangleCounts(Path manifest) throws Exception {
        Map<String, Integer> counts = new HashMap<>();
        if (!Files.exists(manifest)) return counts;
        List<String> lines = Files.readAllLines(manifest, java.nio.charset.StandardCharsets.ISO_8859_1);
        List<String> header = List.of(lines.get(0).split("\t"));
        int pathColumn = header.indexOf("path"), sizesColumn = header.indexOf("face_sizes");
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t", -1);
            if (cells.length <= Math.max(pathColumn, sizesColumn) || cells[sizesColumn].isBlank()) continue;
            int triangles = 0;
            boolean countable = true;
            for (String bucket : cells[sizesColumn].trim().split(" ")) {
                String[] sizeAndCount = bucket.split(":");
                if (!sizeAndCount[0].equals("3") && !sizeAndCount[0].equals("4")) countable = false;
                else triangles += (Integer.parseInt(sizeAndCount[0]) - 2) * Integer.parseInt(sizeAndCount[1]);
            }
            if (countable) counts.put(cells[pathColumn].replaceFirst("^obj/", ""), triangles);
        }
        return counts;
    }
}
