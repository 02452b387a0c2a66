package org.drtstudio.studio;

import org.drtstudio.studio.measure.FxHeartbeat;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 6: during a large import the window stays live (menus painted a black rectangle for
 * about 5 s) and the status bar says what is happening (it said "paused while exporting"). Measured:
 * the longest time the FX thread could not run a posted task (an {@link FxHeartbeat}) from the
 * import's start until the model is on screen, and every status bar text seen meanwhile.
 */
class ImportKeepsWindowLiveUiTest {
    /**
     * The longest FX stall allowed: a menu opened then is painted within it (about five seconds were
     * reported). On the loaded 2-core machine 100-430 ms were measured, the FX thread itself nearly
     * idle (a profile: the import's workers and the hierarchy builder had the cores).
     */
    private static final double MAX_STALL_MS = 1000;

    private final StudioHarness h = new StudioHarness();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** A plain OBJ grid of n x n quads (2n² triangles), written line by line. */
    private static void writeGrid(Path file, int n) throws Exception {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int j = 0; j <= n; j++) for (int i = 0; i <= n; i++) w.write("v " + i * 0.002 + " " + (0.1 + j * 0.002) + " " + ((i * 7 + j * 3) % 11) * 1e-4 + "\n");
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++) {
                    int a = 1 + j * (n + 1) + i;
                    w.write("f " + a + " " + (a + 1) + " " + (a + n + 2) + " " + (a + n + 1) + "\n");
                }
        }
    }

    /** FX thread: the status message as drawn (cut with "…" where the bar has no room for it) once the bar is laid out for it. */
    private String drawnMessage() {
        javafx.scene.Parent root = h.window.stage.getScene().getRoot();
        root.applyCss();
        root.layout();
        javafx.scene.control.Labeled l = (javafx.scene.control.Labeled) root.lookup("#messageLabel");
        for (javafx.scene.Node c : l.getChildrenUnmodifiable()) if (c instanceof javafx.scene.text.Text t) return t.getText();
        return l.getText();
    }

    @Test
    void aLargeImportLeavesTheFxThreadFreeAndTheStatusBarSaysImporting(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("big_grid.obj");
        writeGrid(file, 500); // 500,000 triangles, 17 MB: above the studio's coarse-first threshold
        // The default window on a 1366x768 laptop (80 % of the screen), where the status bar is narrow.
        h.start(TestData.resource("studio/stage.nff"), 1093, 640);
        h.awaitRefined(1);
        // The window's own heartbeat: the session and viewport report their handlers' times to it.
        FxHeartbeat beat = h.window.heartbeat;
        beat.start();
        Set<String> seen = new LinkedHashSet<>();
        List<Double> stalls = new ArrayList<>();
        try {
            long before = fx(() -> h.window.viewport.requestRevision());
            fx(() -> {
                beat.reset();
                h.window.files.importModel(file);
                return null;
            });
            // Until the first frame with the model is on screen: the import's read, parse, build and upload.
            long end = System.nanoTime() + 120_000_000_000L;
            while (System.nanoTime() < end) {
                String[] status = fx(() -> new String[]{drawnMessage(), h.window.previewStatusText(),
                        String.valueOf(h.window.files.pendingImports())});
                if (!status[2].equals("0")) seen.add(status[0] + " | " + status[1]);
                boolean shown = fx(() -> h.window.files.pendingImports() == 0 && h.window.viewport.shownFrame() != null
                        && h.window.viewport.shownFrame().revision() > before && h.window.statusMessage().contains("on screen"));
                if (shown) break;
                Thread.sleep(50);
            }
            stalls.add(beat.maxDelayMillis());
            stalls.add(beat.maxHandlerMillis());
        } finally {
            beat.stop();
        }
        System.out.println("import status texts: " + seen + "; longest FX stall " + stalls.get(0) + " ms, of which the studio's longest handler " + stalls.get(1) + " ms");
        assertFalse(seen.isEmpty(), "the import was seen under way");
        for (String s : seen) {
            assertTrue(s.contains("importing big_grid.obj"), "the status bar's message, as drawn, says what is happening: " + s);
            assertFalse(s.contains("exporting"), "nothing is exported: " + s);
        }
        assertTrue(stalls.get(0) < MAX_STALL_MS, "the FX thread was never blocked for long during the import: " + stalls.get(0) + " ms");
        waitUntil(() -> h.window.statusMessage().contains("on screen"), 30, "the import's timings");
    }
}
