package org.drtstudio.studio;

import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Once an imported model is on screen, the status bar says where the import's time went, phase by phase. */
class ImportTimesUiTest {
    private final StudioHarness h = new StudioHarness();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** A plain OBJ (v and f only), so it takes the fast parser: an n x n grid of quads. */
    private static String gridObj(int n) {
        StringBuilder obj = new StringBuilder();
        for (int j = 0; j <= n; j++) for (int i = 0; i <= n; i++) obj.append("v ").append(i * 0.05).append(' ').append(0.1 + j * 0.05).append(" 0\n");
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                int a = 1 + j * (n + 1) + i;
                obj.append("f ").append(a).append(' ').append(a + 1).append(' ').append(a + n + 2).append(' ').append(a + n + 1).append('\n');
            }
        return obj.toString();
    }

    /** The status bar's line as it was when it first contained {@code text} (a later message may replace it). */
    private String statusOnceItSays(String text, String what) throws Exception {
        java.util.concurrent.atomic.AtomicReference<String> seen = new java.util.concurrent.atomic.AtomicReference<>("");
        waitUntil(() -> {
            seen.set(h.window.statusMessage());
            return seen.get().contains(text);
        }, 60, what);
        return seen.get();
    }

    @Test
    void theStatusBarNamesEveryPhaseOfTheImportOnceTheModelIsShown(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("grid.obj");
        Files.writeString(file, gridObj(40));
        h.start(TestData.resource("studio/stage.nff"), 1200, 760);
        h.importModel(file);
        String status = statusOnceItSays("on screen", "the import's timings in the status bar");
        for (String phase : new String[]{"imported grid.obj", "read + parse", "triangles + normals", "hierarchy", "packing", "box layout", "upload + first pass"})
            assertTrue(status.contains(phase + " ") || status.contains(phase + ";"), "names '" + phase + "': " + status);
        assertTrue(status.matches(".*hierarchy [0-9,]+ ms.*"), "with its time in ms: " + status);
    }

    @Test
    void aLargeModelIsShownThroughItsCoarseHierarchyFirstAndThenRefined(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("grid.obj");
        Files.writeString(file, gridObj(40));
        // 3,200 triangles count as large here; the studio's own threshold is 250,000.
        System.setProperty("drt.coarseFirstTriangles", "1000");
        try {
            h.start(TestData.resource("studio/stage.nff"), 1200, 760);
        } finally {
            System.clearProperty("drt.coarseFirstTriangles");
        }
        h.importModel(file);
        String status = statusOnceItSays("on screen", "the import's timings in the status bar");
        assertTrue(status.matches(".*coarse hierarchy [0-9,]+ ms.*"), "the first picture's hierarchy is the coarse one: " + status);
        // The renderer says so until the full one is built (it clears the flag after recording the refinement).
        assertTrue(h.window.viewport.renderer().coarseHierarchy() || h.window.viewport.refineMillis() > 0,
                "a coarse picture on screen is reported as coarse until the refinement");
        waitUntil(() -> h.window.viewport.refineMillis() > 0, 60, "the full hierarchy, built after the first picture");
        long after = h.window.viewport.packTimings().revision();
        // The view goes on with the full hierarchy: a later frame of the same scene, with the model in it.
        waitUntil(() -> h.window.viewport.packTimings().revision() >= after && !h.window.viewport.packTimings().coarse(), 60,
                "a frame of the refined image");
        assertFalse(h.window.viewport.renderer().coarseHierarchy(), "no coarse hierarchy is left once the refined image is traced");
    }

    @Test
    void anImportSaysWhatItsReaderWarnedAbout(@TempDir Path dir) throws Exception {
        // A material library outside the model's folder is not read (issue 14): the user is told why
        // the model came in without its materials, as when the file is opened or rendered.
        Path model = Files.createDirectory(dir.resolve("model"));
        Files.writeString(dir.resolve("outside.mtl"), "newmtl red\nKd 1 0 0\n");
        Path file = model.resolve("tri.obj");
        Files.writeString(file, "mtllib ../outside.mtl\nusemtl red\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        h.start(TestData.resource("studio/stage.nff"), 1200, 760);
        h.importModel(file);
        String status = statusOnceItSays("imported tri.obj", "the import's message");
        assertTrue(status.contains("outside the scene's folder"), "the reader's warning is told: " + status);
    }
}
