package org.drtstudio.bench;

import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.drtstudio.testing.TestScenes.meshes;

class SuiteScenesTest {
    @TempDir
    Path empty;

    @Test
    void missingFilesAreSkippedWithTheirPath() {
        SuiteScenes.Selection s = SuiteScenes.load(false, empty, List.of("balls_s4", "bunny_1m"));
        assertTrue(s.scenes().isEmpty());
        assertEquals(List.of("balls_s4", "bunny_1m"), List.copyOf(s.skipped().keySet()));
        assertTrue(s.skipped().get("balls_s4").contains(empty.resolve("nff/balls_s4.nff").toAbsolutePath().toString()),
                s.skipped().toString());
        assertTrue(s.skipped().get("bunny_1m").contains("stanford-bunny.obj"), s.skipped().toString());
    }

    @Test
    void unknownSceneNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SuiteScenes.load(false, empty, List.of("bunny", "teapot")));
        assertTrue(e.getMessage().contains("'teapot'") && e.getMessage().contains("teapot_s12"), e.getMessage());
    }

    /** A scene made from a seed joins any suite's list, beside the suite's own; a malformed seed is an unknown name. */
    @Test
    void aCityOrTerrainFromASeedIsMadeForAnySuite() {
        SuiteScenes.Selection s = SuiteScenes.load(true, empty, List.of("city:77", "spheres_512"));
        assertEquals(List.of("city_77", "spheres_512"), s.scenes().stream().map(SuiteScenes.Loaded::name).toList());
        long triangles = meshes(s.scenes().get(0).scene().root()).stream().mapToLong(m -> m.mesh().triangleCount()).sum();
        assertTrue(triangles > 500_000, "drt generate city's default size: " + triangles);
        assertEquals(triangles, meshes(SuiteScenes.generated("city:77").scene().root()).get(0).mesh().triangleCount(), "the same seed, the same city");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SuiteScenes.load(true, empty, List.of("city:seven")));
        assertTrue(e.getMessage().contains("'city:seven'") && e.getMessage().contains("city:SEED"), e.getMessage());
    }

    @Test
    void dataFilesAreTheOnesTheFullSuiteReads() {
        List<String> files = SuiteScenes.dataFiles(false);
        assertEquals(8, files.size(), files.toString());
        assertTrue(files.contains("nff/gears_s4.nff") && files.contains(SuiteScenes.BUNNY), files.toString());
        assertEquals(List.of(), SuiteScenes.dataFiles(true));
    }

    @Test
    void quickScenesNeedNoFiles() {
        SuiteScenes.Selection s = SuiteScenes.load(true, empty, List.of());
        assertEquals(SuiteScenes.names(true), s.scenes().stream().map(SuiteScenes.Loaded::name).toList());
        assertTrue(s.skipped().isEmpty());
    }

    @Test
    void theLargeSceneHoldsOverAMillionTrianglesInOneMesh() {
        SuiteScenes.Selection s = SuiteScenes.load(false, TestData.sharedRoot(), List.of("bunny_1m"));
        assertEquals(1, s.scenes().size(), s.skipped().toString());
        List<MeshNode> meshes = meshes(s.scenes().get(0).scene().root());
        assertEquals(1, meshes.size(), "one mesh, no instances");
        assertTrue(meshes.get(0).mesh().triangleCount() >= 1_000_000, "triangles: " + meshes.get(0).mesh().triangleCount());
    }

    @Test
    void theLargestSceneIsSkippedWithItsReasonWhereTheHeapIsTooSmall() {
        SuiteScenes.Selection s = SuiteScenes.load(false, Path.of("/nowhere"), List.of("bunny_18m"), 4L << 30);
        assertTrue(s.scenes().isEmpty());
        assertEquals("needs a Java heap of 16 GB (JAVA_OPTS=-Xmx16g), this one has 4.0 GB", s.skipped().get("bunny_18m"));
    }
}
